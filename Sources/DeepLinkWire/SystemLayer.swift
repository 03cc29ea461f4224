// The system layer (DeepLinkSystem) comes with the wire: its users, the agent and the command
// line, make system calls only through it, and reach it with the one import they have.
@_exported import DeepLinkSystem
