// The fuzz executables call FuzzEntry through this module alone.
@_exported public import FuzzSupport
