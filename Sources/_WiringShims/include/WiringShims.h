#ifndef WIRING_SHIMS_H
#define WIRING_SHIMS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

// Pointer-sized atomics with acquire/release ordering. Wiring publishes a value once (a built
// singleton, the root container) and reads it on every resolve without taking a lock.

static inline void *_Nullable wiring_atomic_load_acquire(void *_Nullable const *_Nonnull slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline void wiring_atomic_store_release(void *_Nullable *_Nonnull slot, void *_Nullable value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

static inline void *_Nullable wiring_atomic_exchange(void *_Nullable *_Nonnull slot, void *_Nullable value) {
    return __atomic_exchange_n(slot, value, __ATOMIC_ACQ_REL);
}

// A word of flags published for lock-free readers: written under a lock, read without one
// (see ScopeState's summary).
static inline uintptr_t wiring_word_load_acquire(const uintptr_t *_Nonnull word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void wiring_word_store_release(uintptr_t *_Nonnull word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

// How many task-local root scopes are open (see ScopedRoot.swift). Read on every resolve that
// has no frame to go by, so it is a plain C global (no lazy-initialisation check) read relaxed.
extern long wiring_open_scopes;

static inline long wiring_open_scope_count(void) {
    return __atomic_load_n(&wiring_open_scopes, __ATOMIC_RELAXED);
}

static inline void wiring_add_open_scopes(long delta) {
    __atomic_add_fetch(&wiring_open_scopes, delta, __ATOMIC_ACQ_REL);
}

// The global root's current container (RootState.current of `root`), published with release
// ordering and read with acquire ordering. A plain C global, so that a free `resolve()` reads it
// with one load and no lazy-initialisation check of the Swift global `root`.
extern void *_Nullable wiring_global_root;

static inline void *_Nullable *_Nonnull wiring_global_root_word(void) {
    return &wiring_global_root;
}

// Counts the changes of the global root (define, load, unload, reset), as a sequence lock does:
// advanced (to odd) before each change and (to even) after, so a resolve that must know whether
// the root changed while it looked compares two readings, holding no reference.
extern unsigned long wiring_root_generation;

static inline unsigned long wiring_root_generation_load(void) {
    return __atomic_load_n(&wiring_root_generation, __ATOMIC_ACQUIRE);
}

static inline void wiring_root_generation_advance(void) {
    __atomic_add_fetch(&wiring_root_generation, 1, __ATOMIC_ACQ_REL);
}

// Each thread that resolves has a reader record (see ReadSection.swift): the epoch of the read
// section it is in (0 outside one), then its innermost resolution frame. Records are never freed;
// a thread's record is reused by a later thread once it exits. The hot operations are inline, so
// that a resolve reads its thread's record without a call.

struct wiring_reader_record {
    uintptr_t epoch;                       // 0 outside a read section
    void *_Nullable frame;                 // the innermost resolution frame of the thread
    void *_Nullable parameters;            // the innermost parameters of a build on the thread
    int fenced;                            // whether this reader fences its own epoch store
    int in_use;                            // 1 while a live thread owns the record
    struct wiring_reader_record *_Nullable next;  // immutable once the record is published
};

extern _Thread_local struct wiring_reader_record *_Nullable wiring_me;
extern uintptr_t wiring_epoch;

/// The calling thread's record, made on its first read.
struct wiring_reader_record *_Nonnull wiring_reader_make(void);

/// How readers are fenced, for tests and diagnostics: bit 0 set when the expedited membarrier
/// is in use (readers unfenced), bit 1 set when records are handed back at thread exit (a
/// pthread key was available).
int wiring_reader_mode(void);

static inline struct wiring_reader_record *_Nonnull wiring_reader(void) {
    struct wiring_reader_record *record = wiring_me;
    if (__builtin_expect(!record, 0)) record = wiring_reader_make();
    return record;
}

/// Enters a read section: until `wiring_read_exit`, nothing retired before this call is freed.
/// Returns the thread's record.
static inline void *_Nonnull wiring_read_enter(void) {
    struct wiring_reader_record *record = wiring_reader();
    uintptr_t epoch = __atomic_load_n(&wiring_epoch, __ATOMIC_ACQUIRE);
    if (__builtin_expect(record->fenced, 0)) {
        __atomic_exchange_n(&record->epoch, epoch, __ATOMIC_SEQ_CST);
    } else {
        __atomic_store_n(&record->epoch, epoch, __ATOMIC_RELAXED);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
    }
    return record;
}

/// Leaves the read section of `reader` (a record from `wiring_read_enter`).
static inline void wiring_read_exit(void *_Nonnull reader) {
    __atomic_store_n(&((struct wiring_reader_record *)reader)->epoch, 0, __ATOMIC_RELEASE);
}

/// Leaves the current thread's read section.
static inline void wiring_read_exit_current(void) {
    __atomic_store_n(&wiring_reader()->epoch, 0, __ATOMIC_RELEASE);
}

/// Waits until no thread is still in a read section that began before this call, so that what
/// was unpublished before it can be freed. Spins with sched_yield: read sections run no user code
/// and are a few nanoseconds long.
void wiring_synchronize(void);

// Whether a build observer is set (see BuildObserver.swift): read relaxed on every build, so that
// builds pay one load when nobody observes them.
extern long wiring_build_observed;

static inline long wiring_is_build_observed(void) {
    return __atomic_load_n(&wiring_build_observed, __ATOMIC_RELAXED);
}

static inline void wiring_set_build_observed(long observed) {
    __atomic_store_n(&wiring_build_observed, observed, __ATOMIC_RELEASE);
}

/// A monotonic clock, in nanoseconds.
unsigned long long wiring_now_nanoseconds(void);

// Adds `count` strong references to the native Swift object `object` in one atomic operation:
// the Swift runtime's own `swift_retain_n`, part of its stable ABI. A module packs its lines
// into one group and every packed definition holds a count of it; taking them together costs
// one atomic add instead of one per line.
void *_Nonnull swift_retain_n(void *_Nonnull object, uint32_t count);

// The Swift runtime's dynamic cast, `swift_dynamicCast`, part of its stable ABI: initializes
// `destination` with a copy of the value at `source` (of type `sourceType`) as a `targetType`,
// and returns true, if it is one; else writes nothing and returns false. With `flags` 0 the
// source is left as it is, for its owner to destroy. `as?` to a type known only at run time
// does the same cast, but into an `Optional` of that type, whose metadata an unspecialized
// generic looks up on every call: more than the cast itself (a binding's first build).
_Bool swift_dynamicCast(void *_Nonnull destination, void *_Nonnull source, const void *_Nonnull sourceType,
                        const void *_Nonnull targetType, size_t flags);

// The stride and the alignment of a value of the type whose metadata is at `type`, read from its
// value witness table, laid out by the Swift ABI (stable since Swift 5, the same on Linux): the
// table's address is the word before the metadata's address point, for metadata of every
// kind; the table begins with eight function pointers, then the size, the stride (at least 1)
// and the flags, whose low byte is the alignment mask. A record reads these at a build instead
// of keeping them (8 bytes in every definition's record); `ValueLayout.init(type:isObject:)`
// checks them against `MemoryLayout` in debug builds.
static inline size_t wiring_value_stride(const void *_Nonnull type) {
    const char *table = ((const char *const *)type)[-1];
    return *(const size_t *)(table + 9 * sizeof(void *));
}

static inline size_t wiring_value_alignment(const void *_Nonnull type) {
    const char *table = ((const char *const *)type)[-1];
    return (size_t)(*(const uint32_t *)(table + 10 * sizeof(void *)) & 0xFF) + 1;
}

// Numbers instances in the order they are built (see Released.swift). Invariant: read and
// advanced only with the state lock held (`wiring_state_lock`). Every build keeps its instance
// under that lock already, so numbering it there costs no atomic instruction of its own (an
// atomic add was one in eight of a first resolve's); the lock's acquire and release order the
// plain accesses. A verification sandbox, which builds without the lock, takes it for this.
extern unsigned long long wiring_sequence;

static inline unsigned long long wiring_next_sequence_locked(void) {
    return ++wiring_sequence;
}

// The innermost resolution frame of the current thread (see ResolutionFrame.swift).
static inline void *_Nullable wiring_reader_frame(void *_Nonnull reader) {
    return ((struct wiring_reader_record *)reader)->frame;
}

static inline void *_Nullable wiring_current_frame(void) {
    struct wiring_reader_record *record = wiring_me;
    return record ? record->frame : 0;
}

static inline void wiring_set_current_frame(void *_Nullable frame) {
    wiring_reader()->frame = frame;
}

// The parameters of the innermost build with parameters on the current thread (see
// ParameterFrame.swift): set and read only on rare paths, never by a resolve without them.
static inline void *_Nullable wiring_current_parameters(void) {
    struct wiring_reader_record *record = wiring_me;
    return record ? record->parameters : 0;
}

static inline void wiring_set_current_parameters(void *_Nullable parameters) {
    wiring_reader()->parameters = parameters;
}

// Verification (see Verification.swift) builds definitions on threads of its own, so that one
// whose factory fails deep inside can be left parked instead of stopping the process.
typedef void (*wiring_thread_body)(void *_Nullable context);

/// Starts a detached thread with a stack of `stack_size` bytes running `body(context)`.
/// Returns 0, or the error pthread_create returned.
int wiring_spawn_detached(wiring_thread_body _Nonnull body, void *_Nullable context, unsigned long stack_size);

/// Blocks the calling thread for good.
_Noreturn void wiring_park_forever(void);

// Word locks: a lock that is one 32-bit word, 0 when free, at a stable address (a C global, or
// memory a Swift object allocated). Wiring's `stateLock` (see BuildGate.swift, StateLock.swift)
// is one, `wiring_state_word`, with one condition of its own (a build another thread claimed
// has ended); `WordLock` (WordLock.swift) wraps one for Wiring's other hot locks.
//
// On Linux a word lock is a three-state futex lock (Drepper, "Futexes Are Tricky", mutex 3),
// whose uncontended paths are inlined here: one compare-and-swap to take it, one exchange to
// give it back, no call. Invariants:
// - The word is 0 when free, 1 when held with nobody asleep on it, 2 when held and a thread may
//   be asleep on it (or may be about to sleep). Only a thread that holds the lock stores
//   anything but 2 into it, and only 0 (in `wiring_word_unlock`).
// - Taking it is an acquire and giving it back a release on that word, so everything done under
//   the lock happens before whatever the next holder does (this is also what ThreadSanitizer
//   sees: it does not see the futex calls, which only ever put a thread to sleep or wake one).
// - A thread that finds the lock held first spins briefly (a hundred pauses), taking it with a
//   compare-and-swap from 0 to 1 if it comes free: a sleeper woken meanwhile then finds it held,
//   stores 2 and sleeps again, so this thread's unlock wakes it.
// - A thread that sleeps on the word first stores 2 into it, so the holder's unlock sees 2 and
//   wakes a sleeper; a thread woken (or never asleep) stores 2 again when it takes the lock,
//   since it cannot know whether others still sleep: the cost is a spare wake, never a lost one.
// - The state lock's condition is a turn counter (`wiring_state_turns`), advanced only under
//   the lock by a broadcast. A waiter reads it under the lock, unlocks, and sleeps only while it
//   still holds the value read, so a broadcast between its unlock and its sleep is never lost.
//   Wakes may be spurious (as with pthread): callers re-check what they wait for.
// On Apple platforms a word lock is an `os_unfair_lock` (whose word is also 32 bits, 0 when
// free), and the state lock a pthread mutex and condition, initialized statically. Elsewhere a
// word lock spins, yielding the processor, and the state lock is a pthread mutex.
#if defined(__linux__)
/// Takes the lock at `word` when another thread holds it: sleeps until it is free.
void wiring_word_lock_contended(int *_Nonnull word);

/// Wakes one thread asleep on the lock at `word`; called by `wiring_word_unlock` after it freed
/// a lock whose word was 2.
void wiring_word_wake_one(int *_Nonnull word);

static inline void wiring_word_lock(int *_Nonnull word) {
    int free_word = 0;
    if (__builtin_expect(__atomic_compare_exchange_n(word, &free_word, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1))
        return;
    wiring_word_lock_contended(word);
}

static inline void wiring_word_unlock(int *_Nonnull word) {
    if (__builtin_expect(__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 1, 1)) return;
    wiring_word_wake_one(word);
}

extern int wiring_state_word;

static inline void wiring_state_lock(void) {
    wiring_word_lock(&wiring_state_word);
}

static inline void wiring_state_unlock(void) {
    wiring_word_unlock(&wiring_state_word);
}
#else
#if defined(__APPLE__)
#include <os/lock.h>

static inline void wiring_word_lock(int *_Nonnull word) {
    os_unfair_lock_lock((os_unfair_lock_t)word);
}

static inline void wiring_word_unlock(int *_Nonnull word) {
    os_unfair_lock_unlock((os_unfair_lock_t)word);
}
#else
#include <sched.h>

static inline void wiring_word_lock(int *_Nonnull word) {
    int free_word = 0;
    while (!__atomic_compare_exchange_n(word, &free_word, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        free_word = 0;
        sched_yield();
    }
}

static inline void wiring_word_unlock(int *_Nonnull word) {
    __atomic_store_n(word, 0, __ATOMIC_RELEASE);
}
#endif

extern pthread_mutex_t wiring_state_mutex;

static inline void wiring_state_lock(void) {
    pthread_mutex_lock(&wiring_state_mutex);
}

static inline void wiring_state_unlock(void) {
    pthread_mutex_unlock(&wiring_state_mutex);
}
#endif

/// Waits for a `wiring_state_broadcast`, releasing the state lock meanwhile; call with it held,
/// and re-check what is waited for after it returns (it may return without a broadcast).
void wiring_state_wait(void);

/// Wakes every thread in `wiring_state_wait`; call with the state lock held.
void wiring_state_broadcast(void);

#endif
