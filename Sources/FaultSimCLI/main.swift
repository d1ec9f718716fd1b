// faultsim: the command-line interface of FaultSim. The commands live in
// FaultSimCommandLine, which the tests link; this target is only the entry
// point, so that the shipped binary alone is linked statically (see
// Package.swift).
import FaultSimCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(TopLevel.main())
