// Logs every malloc, calloc, realloc, posix_memalign, aligned_alloc and free of a process to
// file descriptor 3, one line each: `M address size 0`, `A address size alignment`,
// `R address size old-address`, `F address 0 0`. Loaded with LD_PRELOAD by heap-replay.py.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);
static int (*next_posix_memalign)(void **, size_t, size_t);
static void *(*next_aligned_alloc)(size_t, size_t);
// Set while a line is written (snprintf may allocate), so that its allocations are not logged.
static __thread int writing;

static void record(char kind, void *address, size_t size, void *other) {
    if (writing) return;
    writing = 1;
    char line[96];
    int length = snprintf(line, sizeof line, "%c %lx %zu %lx\n", kind, (unsigned long)address, size,
                          (unsigned long)other);
    if (write(3, line, (size_t)length) < 0) {}
    writing = 0;
}

void *malloc(size_t size) {
    if (!next_malloc) next_malloc = dlsym(RTLD_NEXT, "malloc");
    void *address = next_malloc(size);
    record('M', address, size, 0);
    return address;
}

void *calloc(size_t count, size_t size) {
    if (!next_calloc) next_calloc = dlsym(RTLD_NEXT, "calloc");
    void *address = next_calloc(count, size);
    record('M', address, count * size, 0);
    return address;
}

void *realloc(void *old, size_t size) {
    if (!next_realloc) next_realloc = dlsym(RTLD_NEXT, "realloc");
    void *address = next_realloc(old, size);
    record('R', address, size, old);
    return address;
}

void free(void *address) {
    if (!next_free) next_free = dlsym(RTLD_NEXT, "free");
    if (address) record('F', address, 0, 0);
    next_free(address);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!next_posix_memalign) next_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    int status = next_posix_memalign(result, alignment, size);
    if (status == 0) record('A', *result, size, (void *)alignment);
    return status;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!next_aligned_alloc) next_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    void *address = next_aligned_alloc(alignment, size);
    record('A', address, size, (void *)alignment);
    return address;
}
