#ifdef __linux__
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#endif
#include <errno.h>
#include <stdatomic.h>
#include <unistd.h>

#include "DeepLinkSystemC.h"

#ifdef __linux__
int deeplink_accept_nonblocking_cloexec(int fd) {
  return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int deeplink_pipe_nonblocking_cloexec(int ends[2]) {
  return pipe2(ends, O_NONBLOCK | O_CLOEXEC);
}
#endif

// A signal handler may only touch lock-free atomics (C11 7.14.1.1).
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the relay's slots must be lock-free atomics");
_Static_assert(ATOMIC_LONG_LOCK_FREE == 2, "the relay's handler count must be a lock-free atomic");

// Each slot holds its descriptor plus one, so that the zero every static starts as means free.
// Every access is sequentially consistent (the default of atomic_load/atomic_store/
// atomic_fetch_add): unregistering stores -1 to a slot and then reads the handler count, a
// handler increments the count and then reads the slots, so in the single total order at least
// one of them sees the other's write: either the handler never sees the old descriptor, or
// unregistering waits for the handler to leave.
static atomic_int slots[DEEPLINK_SIGNAL_RELAY_SLOT_COUNT];
static atomic_long running;

int deeplink_signal_relay_slot(int index) {
  return atomic_load(&slots[index]) - 1;
}

void deeplink_signal_relay_set_slot(int index, int descriptor) {
  atomic_store(&slots[index], descriptor + 1);
}

long deeplink_signal_relay_handlers_running(void) {
  return atomic_load(&running);
}

void deeplink_signal_relay_enter_handler(void) {
  atomic_fetch_add(&running, 1);
}

void deeplink_signal_relay_leave_handler(void) {
  atomic_fetch_sub(&running, 1);
}

void deeplink_signal_relay_handler(int signal) {
  int saved_errno = errno;
  deeplink_signal_relay_enter_handler();
  unsigned char byte = (unsigned char)signal;
  for (int index = 0; index < DEEPLINK_SIGNAL_RELAY_SLOT_COUNT; index++) {
    int descriptor = deeplink_signal_relay_slot(index);
    if (descriptor >= 0) {
      ssize_t written = write(descriptor, &byte, 1);
      (void)written;
    }
  }
  deeplink_signal_relay_leave_handler();
  errno = saved_errno;
}
