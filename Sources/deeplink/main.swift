import DeepLinkCommand

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(DeepLinkTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
