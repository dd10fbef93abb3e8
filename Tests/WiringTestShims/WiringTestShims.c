#include "WiringTestShims.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#if defined(__linux__)
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

int wiring_test_refuse_expedited_membarrier(void) {
#if defined(__linux__) && defined(__NR_membarrier)
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_membarrier, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 1 << 3 /* MEMBARRIER_CMD_PRIVATE_EXPEDITED */, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {.len = sizeof filter / sizeof filter[0], .filter = filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program);
#else
    return -1;
#endif
}

static pthread_key_t keys[4096];
static int key_count = 0;

int wiring_test_exhaust_pthread_keys(void) {
    while (key_count < 4096 && pthread_key_create(&keys[key_count], 0) == 0) key_count++;
    return key_count;
}

void wiring_test_mark_pthread_keys(void) {
    for (int index = 0; index < key_count; index++) pthread_setspecific(keys[index], &keys[index]);
}

int wiring_test_pthread_keys_intact(void) {
    for (int index = 0; index < key_count; index++) {
        if (pthread_getspecific(keys[index]) != &keys[index]) return 0;
    }
    return 1;
}

static pthread_key_t exit_probe_key;
static pthread_once_t exit_probe_once = PTHREAD_ONCE_INIT;

static void exit_probe(void *value) { ((void (*)(void))value)(); }

static void exit_probe_setup(void) { pthread_key_create(&exit_probe_key, exit_probe); }

void wiring_test_call_at_thread_exit(void (*at_exit)(void)) {
    pthread_once(&exit_probe_once, exit_probe_setup);
    pthread_setspecific(exit_probe_key, (void *)at_exit);
}

struct run_args {
    void (*body)(void *);
    void *context;
};

static void *run_thread(void *raw) {
    struct run_args *args = raw;
    args->body(args->context);
    return 0;
}

int wiring_test_run_on_thread(void (*body)(void *), void *context) {
    struct run_args args = {body, context};
    pthread_t thread;
    int status = pthread_create(&thread, 0, run_thread, &args);
    if (status != 0) return status;
    return pthread_join(thread, 0);
}

int wiring_test_load_int(const int *value) {
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
}
