import Testing

/// Every test that opens sockets runs inside this suite, one at a time: the descriptor-count
/// test needs a quiet process, and 300-client tests should not compete with each other.
@Suite(.serialized) struct SocketTests {}
