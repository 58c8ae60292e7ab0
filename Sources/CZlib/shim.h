// zlib, used to read gzip-compressed exports natively (Debian: zlib1g-dev).
#ifndef EVENTLINT_CZLIB_SHIM_H
#define EVENTLINT_CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2/deflateInit2 are macros, which Swift cannot call; these wrappers can be.
// 16 + MAX_WBITS selects the gzip wrapper (header and CRC-32 trailer are checked).
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#endif
