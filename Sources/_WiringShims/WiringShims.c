#include "WiringShims.h"

#include <sched.h>
#include <stdlib.h>

long wiring_open_scopes = 0;
long wiring_build_observed = 0;
unsigned long wiring_root_generation = 0;
void *wiring_global_root = NULL;
uintptr_t wiring_epoch = 1;
_Thread_local struct wiring_reader_record *wiring_me = 0;

static struct wiring_reader_record *wiring_readers = 0;
static int wiring_has_key = 0;
static pthread_key_t wiring_reader_key;
static pthread_once_t wiring_reader_once = PTHREAD_ONCE_INIT;

wiring_context_release_fn wiring_context_release = 0;

// At thread exit: the record leaves any read section, hands its context back to Swift (empty: a
// thread never exits inside a resolution), and is free for the next thread.
static void wiring_reader_release(void *raw) {
    struct wiring_reader_record *record = raw;
    if (wiring_me == record) wiring_me = 0;
    __atomic_store_n(&record->epoch, 0, __ATOMIC_RELEASE);
    void *context = record->context;
    record->context = 0;  // its depth and collector count are 0 already
    // Set by this thread before it made its context.
    if (context) __atomic_load_n(&wiring_context_release, __ATOMIC_ACQUIRE)(context);
    __atomic_store_n(&record->in_use, 0, __ATOMIC_RELEASE);
}

static void wiring_reader_setup(void) {
    wiring_has_key = pthread_key_create(&wiring_reader_key, wiring_reader_release) == 0;
}

int wiring_reader_mode(void) {
    pthread_once(&wiring_reader_once, wiring_reader_setup);
    return wiring_has_key ? 2 : 0;
}

struct wiring_reader_record *wiring_reader_make(void) {
    pthread_once(&wiring_reader_once, wiring_reader_setup);
    struct wiring_reader_record *record = 0;
    if (wiring_has_key) {
        for (record = __atomic_load_n(&wiring_readers, __ATOMIC_ACQUIRE); record; record = record->next) {
            int free_slot = 0;
            if (__atomic_compare_exchange_n(&record->in_use, &free_slot, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) break;
        }
    }
    if (!record) {
        // A cache line of its own: readers on different threads write their own records on every
        // resolve, which must not share a line.
        if (posix_memalign((void **)&record, 128, 128) != 0) abort();
        *record = (struct wiring_reader_record){0};
        record->in_use = 1;
        struct wiring_reader_record *head = __atomic_load_n(&wiring_readers, __ATOMIC_ACQUIRE);
        do {
            record->next = head;
        } while (!__atomic_compare_exchange_n(&wiring_readers, &head, record, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    }
    if (wiring_has_key) pthread_setspecific(wiring_reader_key, record);
    wiring_me = record;
    return record;
}

void wiring_synchronize(void) {
    pthread_once(&wiring_reader_once, wiring_reader_setup);
    uintptr_t retired = __atomic_fetch_add(&wiring_epoch, 1, __ATOMIC_SEQ_CST);
    struct wiring_reader_record *record = __atomic_load_n(&wiring_readers, __ATOMIC_ACQUIRE);
    for (; record; record = record->next) {
        if (record == wiring_me) continue;  // the writer's own thread is not reading
        for (;;) {
            uintptr_t epoch = __atomic_load_n(&record->epoch, __ATOMIC_SEQ_CST);
            if (epoch == 0 || epoch > retired) break;
            sched_yield();
        }
    }
}

struct wiring_thread_start_args {
    wiring_thread_body body;
    void *context;
};

static void *wiring_thread_start(void *raw) {
    struct wiring_thread_start_args args = *(struct wiring_thread_start_args *)raw;
    free(raw);
    args.body(args.context);
    return 0;
}

int wiring_spawn_detached(wiring_thread_body body, void *context, unsigned long stack_size) {
    struct wiring_thread_start_args *args = malloc(sizeof *args);
    if (!args) return -1;
    args->body = body;
    args->context = context;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, (size_t)stack_size);
    pthread_t thread;
    int status = pthread_create(&thread, &attributes, wiring_thread_start, args);
    pthread_attr_destroy(&attributes);
    if (status != 0) free(args);
    return status;
}
