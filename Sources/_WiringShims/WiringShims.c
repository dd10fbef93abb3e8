#include "WiringShims.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#if defined(__linux__)
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

// ThreadSanitizer does not see the order membarrier imposes: under it, readers fence themselves.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WIRING_TSAN 1
#endif
#endif

// Cache lines. The words a resolve reads (the global root, the open scope count, whether
// builds are observed, the root's generation and epoch) are read on every core; the words
// written often (the state lock, on every build and scope change; the creation sequence, on
// every kept instance; the open scope count, twice per request a server runs under
// `withRoot`) are written on every core. Sharing a cache line, each write on one core would
// make the next read on every other core a miss. So each of these globals starts a line of its
// own (64 bytes: x86-64 and most arm64 cores; Apple's 128-byte lines keep the hot words apart
// as pairs at worst).
#define WIRING_OWN_LINE _Alignas(64)

WIRING_OWN_LINE long wiring_open_scopes = 0;
WIRING_OWN_LINE long wiring_build_observed = 0;
unsigned long wiring_root_generation = 0;  // read-mostly: beside `wiring_build_observed`
void *wiring_global_root = NULL;           // read-mostly: beside `wiring_build_observed`

unsigned long long wiring_now_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;
}

// MARK: - Word locks and the state lock (invariants in WiringShims.h)

#if defined(__linux__)
WIRING_OWN_LINE int wiring_state_word = 0;
static unsigned wiring_state_turns = 0;  // written with the state word, on its line

static void wiring_futex_wait(void *word, int expected) {
    (void)syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static void wiring_futex_wake(void *word, int count) {
    (void)syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

#if defined(__x86_64__) || defined(__i386__)
#define WIRING_CPU_RELAX() __builtin_ia32_pause()
#elif defined(__aarch64__) || defined(__arm__)
#define WIRING_CPU_RELAX() __asm__ __volatile__("yield")
#else
#define WIRING_CPU_RELAX() ((void)0)
#endif

void wiring_word_lock_contended(int *word) {
    // Spins a little first: Wiring holds its locks for well under a microsecond, and a sleep and
    // a wake are two system calls of a few microseconds each. Taking it here with 1 (not 2) is
    // safe: a sleeper woken meanwhile finds it held, marks it 2 again and sleeps, so this
    // thread's unlock wakes it.
    for (int spin = 0; spin < 100; spin++) {
        if (__atomic_load_n(word, __ATOMIC_RELAXED) == 0) {
            int free_word = 0;
            if (__atomic_compare_exchange_n(word, &free_word, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return;
        }
        WIRING_CPU_RELAX();
    }
    // Marks the lock contended before sleeping, so that its holder's unlock wakes a sleeper; the
    // exchange that finds it free (0) takes it, still marked 2 (others may sleep).
    while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0) wiring_futex_wait(word, 2);
}

void wiring_word_wake_one(int *word) {
    wiring_futex_wake(word, 1);
}

void wiring_state_wait(void) {
    unsigned turn = __atomic_load_n(&wiring_state_turns, __ATOMIC_RELAXED);  // under the lock
    wiring_state_unlock();
    wiring_futex_wait(&wiring_state_turns, (int)turn);
    wiring_word_lock_contended(&wiring_state_word);
}

void wiring_state_broadcast(void) {
    __atomic_fetch_add(&wiring_state_turns, 1, __ATOMIC_RELAXED);  // under the lock, as every wait's read
    wiring_futex_wake(&wiring_state_turns, INT_MAX);
}
#else
pthread_mutex_t wiring_state_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wiring_state_condition = PTHREAD_COND_INITIALIZER;

void wiring_state_wait(void) {
    pthread_cond_wait(&wiring_state_condition, &wiring_state_mutex);
}

void wiring_state_broadcast(void) {
    pthread_cond_broadcast(&wiring_state_condition);
}
#endif

WIRING_OWN_LINE unsigned long long wiring_sequence = 0;  // only under the state lock (WiringShims.h)

// MARK: - Reader records and epochs
//
// Readers (every resolve that reads a published singleton or the root without a lock) store the
// global epoch in their record while they read; a writer that has unpublished something (a root,
// a singleton's storage) advances the epoch and waits until no record holds an epoch at or before
// the one it retired in. The reader's store must be ordered before its next load: with Linux's
// membarrier the writer forces that order on every running thread, so readers need no fence of
// their own; elsewhere each reader pays a full fence (an atomic exchange).
//
// Invariants:
// - A read section runs no user code and never blocks: between `wiring_read_enter` and
//   `wiring_read_exit` a thread only loads pointers and copies a value out.
// - A writer frees something only after unpublishing it and then returning from
//   `wiring_synchronize`: every section that could have loaded it has ended by then.
// - Records are never freed (the list only grows, `next` is immutable once published), so a
//   writer may always walk the list. A record belongs to at most one live thread: `in_use` is
//   claimed with a compare-and-swap, and released only by the thread-exit destructor of the
//   thread that owns it, which first clears that thread's `wiring_me` so the exiting thread can
//   never reach it again (a later destructor that resolves makes it a new record).
// - `fenced` is fixed when a record is (re)claimed, before any section on it, and is 0 only if
//   the expedited membarrier was registered *and* issued successfully once, before any record
//   existed. A membarrier that later fails falls back to the global membarrier; if that fails
//   too, no unfenced reader can be proven out of its section, and the process stops loudly
//   rather than free memory a reader may still read.
// - Without a pthread key (none left), records cannot be handed back at thread exit: each
//   thread keeps its own for good, which costs one small record per thread ever started, never
//   another library's key.

static struct wiring_reader_record *wiring_readers = 0;
WIRING_OWN_LINE uintptr_t wiring_epoch = 1;
static int wiring_has_membarrier = 0;
static int wiring_has_key = 0;
static pthread_key_t wiring_reader_key;
static pthread_once_t wiring_reader_once = PTHREAD_ONCE_INIT;
_Thread_local struct wiring_reader_record *wiring_me = 0;

#if defined(__linux__)
enum {
    wiring_membarrier_global = 1 << 0,
    wiring_membarrier_private_expedited = 1 << 3,
    wiring_membarrier_register_private_expedited = 1 << 4
};
#endif

static void wiring_reader_release(void *raw) {
    struct wiring_reader_record *record = raw;
    // This thread is exiting: it must never reach the record again once another thread may own it.
    if (wiring_me == record) wiring_me = 0;
    __atomic_store_n(&record->epoch, 0, __ATOMIC_RELEASE);
    record->frame = 0;
    record->parameters = 0;
    __atomic_store_n(&record->in_use, 0, __ATOMIC_RELEASE);
}

/// Whether `MEMBARRIER_CMD_PRIVATE_EXPEDITED` can be used: registered, then issued once (a
/// seccomp filter may refuse the command by its argument after allowing the registration).
static int wiring_membarrier_works(void) {
#if defined(__linux__) && !defined(WIRING_TSAN)
    if (getenv("WIRING_DISABLE_MEMBARRIER")) return 0;
    if (syscall(SYS_membarrier, wiring_membarrier_register_private_expedited, 0, 0) != 0) return 0;
    return syscall(SYS_membarrier, wiring_membarrier_private_expedited, 0, 0) == 0;
#else
    return 0;
#endif
}

static void wiring_reader_setup(void) {
    wiring_has_key = pthread_key_create(&wiring_reader_key, wiring_reader_release) == 0;
    if (wiring_membarrier_works()) __atomic_store_n(&wiring_has_membarrier, 1, __ATOMIC_RELEASE);
}

int wiring_reader_mode(void) {
    pthread_once(&wiring_reader_once, wiring_reader_setup);
    return (__atomic_load_n(&wiring_has_membarrier, __ATOMIC_ACQUIRE) ? 1 : 0) | (wiring_has_key ? 2 : 0);
}

struct wiring_reader_record *wiring_reader_make(void) {
    pthread_once(&wiring_reader_once, wiring_reader_setup);
    struct wiring_reader_record *record = 0;
    // Reuse a record released by an exited thread, only when records are released at all.
    if (wiring_has_key) {
        record = __atomic_load_n(&wiring_readers, __ATOMIC_ACQUIRE);
        for (; record; record = record->next) {
            int free_slot = 0;
            if (__atomic_compare_exchange_n(&record->in_use, &free_slot, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) break;
        }
    }
    if (!record) {
        record = calloc(1, sizeof *record);
        if (!record) abort();
        record->in_use = 1;
        struct wiring_reader_record *head = __atomic_load_n(&wiring_readers, __ATOMIC_ACQUIRE);
        do {
            record->next = head;
        } while (!__atomic_compare_exchange_n(&wiring_readers, &head, record, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    }
    record->fenced = !__atomic_load_n(&wiring_has_membarrier, __ATOMIC_ACQUIRE);
    record->frame = 0;
    record->parameters = 0;
    if (wiring_has_key) pthread_setspecific(wiring_reader_key, record);
    wiring_me = record;
    return record;
}

/// Orders every running thread's earlier stores before what follows, as a full fence in each
/// would; only called when records may be unfenced (`wiring_has_membarrier`).
static void wiring_membarrier_all(void) {
#if defined(__linux__)
    if (syscall(SYS_membarrier, wiring_membarrier_private_expedited, 0, 0) == 0) return;
    if (syscall(SYS_membarrier, wiring_membarrier_global, 0, 0) == 0) return;
    static const char message[] =
        "Wiring: membarrier failed after it had worked; readers cannot be fenced, stopping rather than free memory "
        "a reader may still read. Set WIRING_DISABLE_MEMBARRIER=1 to run with fenced readers.\n";
    (void)!write(2, message, sizeof message - 1);
    abort();
#endif
}

void wiring_synchronize(void) {
    pthread_once(&wiring_reader_once, wiring_reader_setup);
    uintptr_t retired = __atomic_fetch_add(&wiring_epoch, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&wiring_has_membarrier, __ATOMIC_ACQUIRE)) {
        wiring_membarrier_all();
    } else {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
    struct wiring_reader_record *record = __atomic_load_n(&wiring_readers, __ATOMIC_ACQUIRE);
    for (; record; record = record->next) {
        if (record == wiring_me) continue;  // this thread is not reading: it is the writer
        for (;;) {
            uintptr_t epoch = __atomic_load_n(&record->epoch, __ATOMIC_ACQUIRE);
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

void wiring_park_forever(void) {
    static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
    static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
    pthread_mutex_lock(&mutex);
    for (;;) pthread_cond_wait(&never, &mutex);
}
