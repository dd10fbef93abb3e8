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

#endif
