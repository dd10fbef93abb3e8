#ifndef WIRING_SHIMS_H
#define WIRING_SHIMS_H

// What Swift cannot express at Wiring's platform floor (iOS 15): atomics on plain words, and a
// thread-local slot read without a call. One design on every platform: no system call, lock or
// fence differs between Linux and Apple platforms. Not API: imported `internal`.

#include <pthread.h>
#include <stdint.h>

// Pointer-sized atomics with acquire/release ordering: a value published once (a built
// singleton, a registry, the root) is read on every resolve without a lock.
static inline void *_Nullable wiring_atomic_load_acquire(void *_Nullable const *_Nonnull slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}
static inline void *_Nullable wiring_atomic_exchange(void *_Nullable *_Nonnull slot, void *_Nullable value) {
    return __atomic_exchange_n(slot, value, __ATOMIC_ACQ_REL);
}

// How many task-local root scopes are open (ScopedRoot.swift), read relaxed by every resolve
// that has no frame to go by.
extern long wiring_open_scopes;
static inline long wiring_open_scope_count(void) { return __atomic_load_n(&wiring_open_scopes, __ATOMIC_RELAXED); }
static inline void wiring_add_open_scopes(long delta) { __atomic_add_fetch(&wiring_open_scopes, delta, __ATOMIC_ACQ_REL); }

// The global root's current container, published with release and read with acquire ordering.
extern void *_Nullable wiring_global_root;
static inline void *_Nullable *_Nonnull wiring_global_root_word(void) { return &wiring_global_root; }

// Counts the changes of the global root, as a sequence lock does (RootState.swift).
extern unsigned long wiring_root_generation;
static inline unsigned long wiring_root_generation_load(void) { return __atomic_load_n(&wiring_root_generation, __ATOMIC_ACQUIRE); }
static inline void wiring_root_generation_advance(void) { __atomic_add_fetch(&wiring_root_generation, 1, __ATOMIC_ACQ_REL); }

// Each thread that resolves has a reader record (ReadSection.swift): the epoch of the read
// section it is in (0 outside one), and what it is resolving (ThreadResolution.swift).
// Records are never freed; a record is reused by a later thread once its thread exits. Each has
// 128 bytes of its own (two cache lines), so readers never write a line another reader writes.
struct wiring_reader_record {
    uintptr_t epoch;
    void *_Nullable context;                      // a ThreadResolution, released when its thread exits
    long depth;                                   // how many resolution frames it holds
    long collectors;                              // how many collectors it holds
    int in_use;                                   // 1 while a live thread owns the record
    struct wiring_reader_record *_Nullable next;  // immutable once the record is published
};
extern _Thread_local struct wiring_reader_record *_Nullable wiring_me;
extern uintptr_t wiring_epoch;

/// The calling thread's record, made on its first read.
struct wiring_reader_record *_Nonnull wiring_reader_make(void);
/// 2 when records are handed back at thread exit (a pthread key was available), else 0.
int wiring_reader_mode(void);

static inline struct wiring_reader_record *_Nonnull wiring_reader(void) {
    struct wiring_reader_record *record = wiring_me;
    if (__builtin_expect(!record, 0)) record = wiring_reader_make();
    return record;
}

/// Enters a read section: until `wiring_read_exit`, nothing retired after this call's epoch
/// store is freed. The store is sequentially consistent, so `wiring_synchronize` sees it or the
/// reader sees what was unpublished before (the classic epoch handshake).
static inline void *_Nonnull wiring_read_enter(void) {
    struct wiring_reader_record *record = wiring_reader();
    uintptr_t epoch = __atomic_load_n(&wiring_epoch, __ATOMIC_ACQUIRE);
    __atomic_exchange_n(&record->epoch, epoch, __ATOMIC_SEQ_CST);
    return record;
}
static inline void wiring_read_exit(void *_Nonnull reader) {
    __atomic_store_n(&((struct wiring_reader_record *)reader)->epoch, 0, __ATOMIC_RELEASE);
}

/// Waits until no thread is still in a read section that began before this call.
void wiring_synchronize(void);

// The thread's ThreadResolution, or null before its first resolution; and, read without
// touching that object, how many resolution frames and how many collectors it holds.
static inline void *_Nullable wiring_context(void) { return wiring_me ? wiring_me->context : 0; }
static inline void wiring_set_context(void *_Nonnull context) { wiring_reader()->context = context; }
// How a record hands its context back at thread exit (set by Swift before the first context).
typedef void (*wiring_context_release_fn)(void *_Nonnull context);
extern wiring_context_release_fn _Nullable wiring_context_release;
static inline void wiring_set_context_release(wiring_context_release_fn _Nonnull f) { __atomic_store_n(&wiring_context_release, f, __ATOMIC_RELEASE); }
static inline long wiring_depth(void) { return wiring_me ? wiring_me->depth : 0; }
static inline void wiring_set_depth(long depth) { wiring_reader()->depth = depth; }
static inline long wiring_collectors(void) { return wiring_me ? wiring_me->collectors : 0; }
static inline void wiring_set_collectors(long count) { wiring_reader()->collectors = count; }

// Whether a build observer is set (BuildObserver.swift): one relaxed load per build.
extern long wiring_build_observed;
static inline long wiring_is_build_observed(void) { return __atomic_load_n(&wiring_build_observed, __ATOMIC_RELAXED); }
static inline void wiring_set_build_observed(long on) { __atomic_store_n(&wiring_build_observed, on, __ATOMIC_RELEASE); }

// Verification builds definitions on threads of its own, so that one whose factory fails deep
// inside can be left parked instead of stopping the process.
typedef void (*wiring_thread_body)(void *_Nullable context);
int wiring_spawn_detached(wiring_thread_body _Nonnull body, void *_Nullable context, unsigned long stack_size);

#endif
