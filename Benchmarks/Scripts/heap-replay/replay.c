// Replays a trace written by logger.c through this process's own glibc malloc, touching every
// block it allocates (as the program would), with block sizes substituted: `replay TRACE
// FROM:TO …` allocates TO bytes wherever the trace allocated FROM. Prints how often the heap's
// end moved (`brk`: grown or trimmed) and the minor page faults of the whole replay.
// With REPLAY_VERBOSE set, prints the free space at the heap's top after every block of at
// least 16,000 bytes, and every move of its end.
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

// The trace's addresses, mapped to the replay's blocks: open addressing, 2^20 slots.
#define SLOTS (1u << 20)
static struct { unsigned long key; void *value; } slots[SLOTS];

static unsigned long home(unsigned long key) { return (key * 0x9E3779B97F4A7C15ul) >> 44; }

static void put(unsigned long key, void *value) {
    unsigned long index = home(key);
    while (slots[index].key && slots[index].key != key) index = (index + 1) & (SLOTS - 1);
    slots[index].key = key;
    slots[index].value = value;
}

static void *take(unsigned long key) {
    for (unsigned long index = home(key); slots[index].key; index = (index + 1) & (SLOTS - 1)) {
        if (slots[index].key == key) {
            void *value = slots[index].value;
            slots[index].value = 0;
            return value;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: replay TRACE [FROM:TO ...]\n");
        return 2;
    }
    FILE *trace = fopen(argv[1], "r");
    if (!trace) {
        perror(argv[1]);
        return 2;
    }
    int substitutions = argc - 2;
    unsigned long from[64], to[64];
    for (int i = 0; i < substitutions && i < 64; i++) sscanf(argv[i + 2], "%lu:%lu", &from[i], &to[i]);
    int verbose = getenv("REPLAY_VERBOSE") != 0;
    char kind;
    unsigned long address, size, other;
    long operations = 0, moves = 0;
    void *end = sbrk(0);
    while (fscanf(trace, " %c %lx %lu %lx", &kind, &address, &size, &other) == 4) {
        for (int i = 0; i < substitutions; i++) {
            if (size == from[i]) size = to[i];
        }
        if (kind == 'M' || kind == 'A') {
            void *block = 0;
            if (kind == 'M') {
                block = malloc(size);
            } else if (posix_memalign(&block, other, size) != 0) {
                block = 0;
            }
            if (block) memset(block, 1, size);
            put(address, block);
        } else if (kind == 'F') {
            free(take(address));
        } else if (kind == 'R') {
            void *block = realloc(other ? take(other) : 0, size);
            put(address, block);
        }
        operations++;
        void *now = sbrk(0);
        if (now != end) {
            moves++;
            if (verbose)
                printf("op %ld %c %lu: heap end %+ld, top %zu\n", operations, kind, size, (long)((char *)now - (char *)end),
                       mallinfo2().keepcost);
            end = now;
        } else if (verbose && size >= 16000) {
            printf("op %ld %c %lu: top %zu\n", operations, kind, size, mallinfo2().keepcost);
        }
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("operations %ld, heap end moved %ld times, minor faults %ld\n", operations, moves, usage.ru_minflt);
    return 0;
}
