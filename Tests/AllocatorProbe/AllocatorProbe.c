#include "AllocatorProbe.h"

// Any header of the C library defines __GLIBC__ where it is glibc.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

size_t faultsim_allocated_bytes(void) {
  // Small chunks from the arenas, and the large ones mapped on their own.
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
#else
size_t faultsim_allocated_bytes(void) { return 0; }
#endif
