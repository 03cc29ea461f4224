// The system zlib (Debian: zlib1g-dev; Apple platforms: the SDK's libz), as the module CZlib.
#include <zlib.h>
