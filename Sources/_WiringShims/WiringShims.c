#include "WiringShims.h"

static _Thread_local void *_Nullable wiring_frame = 0;

void *_Nullable wiring_current_frame(void) {
    return wiring_frame;
}

void wiring_set_current_frame(void *_Nullable frame) {
    wiring_frame = frame;
}
