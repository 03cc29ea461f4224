// The fuzz executables of the readers call FuzzEntry through this module alone.
@_exported public import FuzzSupport
