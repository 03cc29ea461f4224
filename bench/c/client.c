/*
 * The end-to-end baseline: connect to a Unix socket, write one line, read one reply line,
 * print it, exit. What `deeplink settings` does, minus everything that makes it a CLI.
 *
 *     client SOCKET 'debug://settings'
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: client SOCKET LINE\n");
    return 64;
  }
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (strlen(argv[1]) >= sizeof address.sun_path) return 64;
  strcpy(address.sun_path, argv[1]);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    perror("connect");
    return 69;
  }
  char line[4096];
  size_t length = strlen(argv[2]);
  if (length + 1 > sizeof line) return 64;
  memcpy(line, argv[2], length);
  line[length] = '\n';
  if (write(fd, line, length + 1) != (ssize_t)(length + 1)) return 74;

  static char reply[1 << 16];
  size_t have = 0;
  for (;;) {
    ssize_t count = read(fd, reply + have, sizeof reply - have);
    if (count <= 0) return 74;
    char *newline = memchr(reply + have, '\n', (size_t)count);
    have += (size_t)count;
    if (newline) {
      fwrite(reply, 1, (size_t)(newline - reply) + 1, stdout);
      return 0;
    }
    if (have == sizeof reply) return 74;
  }
}
