import DeepLinkAgent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(AppDaemon.main(arguments: Array(CommandLine.arguments.dropFirst())))
