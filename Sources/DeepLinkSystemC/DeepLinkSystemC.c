#ifdef __linux__
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "DeepLinkSystemC.h"

int deeplink_accept_nonblocking_cloexec(int fd) {
  return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int deeplink_pipe_nonblocking_cloexec(int ends[2]) {
  return pipe2(ends, O_NONBLOCK | O_CLOEXEC);
}
#endif
