// What Swift cannot do portably on every platform the libraries support (Linux, macOS 13,
// iOS 16):
// - the Linux system calls Glibc hides from Swift (accept4, pipe2: declared only under
//   _GNU_SOURCE), which make descriptors close-on-exec atomically, so a child process started
//   by another thread at the same moment never inherits them;
// - an address kept from every optimizer (the agent's release marker);
// - the stop-signal relay's state and its signal handler, on C11 atomics: Swift's
//   `Synchronization.Atomic` needs macOS 15 / iOS 18, and a signal handler needs lock-free,
//   sequentially consistent loads and stores on every platform.
#ifndef DEEPLINK_SYSTEM_C_H
#define DEEPLINK_SYSTEM_C_H

#ifdef __linux__
/// `accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)`.
int deeplink_accept_nonblocking_cloexec(int fd);
/// `pipe2(ends, O_NONBLOCK | O_CLOEXEC)`.
int deeplink_pipe_nonblocking_cloexec(int ends[2]);
#endif

/// Uses `address` in an empty assembly statement, which no optimizer (whole-module,
/// link-time) can see through or remove: what it points at stays in the binary, through
/// dead stripping too. `DeepLinkAgent.releaseMarker` is kept this way.
static inline void deeplink_keep_address(const void *address) {
  __asm__ __volatile__("" : : "r"(address) : "memory");
}

/// How many wake-up pipes the stop-signal relay holds at once.
#define DEEPLINK_SIGNAL_RELAY_SLOT_COUNT 32

/// The descriptor in relay slot `index` (0 ..< DEEPLINK_SIGNAL_RELAY_SLOT_COUNT), -1 when free.
int deeplink_signal_relay_slot(int index);
/// Puts `descriptor` (-1: none) in relay slot `index`.
void deeplink_signal_relay_set_slot(int index, int descriptor);
/// How many handlers are between reading the slots and their last write.
long deeplink_signal_relay_handlers_running(void);
/// The signal handler: one byte (the signal number) to every descriptor in a slot, `errno`
/// left as it was. Async-signal-safe: lock-free atomics and write(2) only.
void deeplink_signal_relay_handler(int signal);
/// Counts a handler in and out, as the handler does around its reads and writes (for tests
/// that stand in for a handler caught between the two).
void deeplink_signal_relay_enter_handler(void);
/// See deeplink_signal_relay_enter_handler.
void deeplink_signal_relay_leave_handler(void);

#endif
