// The few Linux system calls that Swift cannot see through Glibc: they are declared only
// under _GNU_SOURCE. Each makes its descriptors close-on-exec atomically, so a child process
// started by another thread at the same moment never inherits them.
#ifndef DEEPLINK_SYSTEM_C_H
#define DEEPLINK_SYSTEM_C_H

#ifdef __linux__
/// `accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)`.
int deeplink_accept_nonblocking_cloexec(int fd);
/// `pipe2(ends, O_NONBLOCK | O_CLOEXEC)`.
int deeplink_pipe_nonblocking_cloexec(int ends[2]);
#endif

#endif
