#include "standard_output.h"
#include <errno.h>
#include <stdio.h>

int boardkit_flush_standard_output(void) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        return errno != 0 ? errno : EIO;
    }
    return 0;
}
