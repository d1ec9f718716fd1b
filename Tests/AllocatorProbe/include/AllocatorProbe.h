#ifndef FAULTSIM_ALLOCATOR_PROBE_H
#define FAULTSIM_ALLOCATOR_PROBE_H

#include <stddef.h>

/// The bytes the C library's allocator has handed out and not taken back,
/// process-wide (glibc's mallinfo2: uordblks, and hblkhd for the blocks
/// mapped on their own); 0 where the C library has
/// no such count. For tests that compare FaultSim's own byte counts with
/// the allocator's.
size_t faultsim_allocated_bytes(void);

#endif
