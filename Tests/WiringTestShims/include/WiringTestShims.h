#ifndef WIRING_TEST_SHIMS_H
#define WIRING_TEST_SHIMS_H

// Faults the churn tests inject into their own (exit-test) process: nothing here is used by Wiring.

/// Installs a seccomp filter that refuses `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)` with
/// EPERM and allows everything else, registration included (Linux only). Returns 0 on success.
int wiring_test_refuse_expedited_membarrier(void);

/// Creates pthread keys until none is left; returns how many it created.
int wiring_test_exhaust_pthread_keys(void);

/// Whether every key `wiring_test_exhaust_pthread_keys` created still holds the value this thread
/// set with `wiring_test_mark_pthread_keys` (another library never overwrote one).
void wiring_test_mark_pthread_keys(void);
int wiring_test_pthread_keys_intact(void);

/// Starts a pthread-key probe on the calling thread: a key created now (after Wiring's own),
/// whose destructor, run as the thread exits, calls `at_exit`. For the thread-exit record test.
void wiring_test_call_at_thread_exit(void (*_Nonnull at_exit)(void));

/// Reads `value` atomically (acquire): for a field other threads update with atomics.
int wiring_test_load_int(const int *_Nonnull value);

/// Runs `body(context)` on a new joinable thread and waits for it; returns pthread_create's status.
int wiring_test_run_on_thread(void (*_Nonnull body)(void *_Nullable), void *_Nullable context);

#endif
