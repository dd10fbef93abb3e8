#include "WiringShims.h"

#include <pthread.h>
#include <stdlib.h>

static _Thread_local void *_Nullable wiring_frame = 0;

long wiring_open_scopes = 0;

void *_Nullable wiring_current_frame(void) {
    return wiring_frame;
}

void wiring_set_current_frame(void *_Nullable frame) {
    wiring_frame = frame;
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
