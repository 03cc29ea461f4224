/*
 * The app's baseline: a single-threaded poll loop on a Unix socket that answers each request
 * line with the same line. The same shape as deeplink-app's server (accept, read what is
 * there, frame lines, queue replies, one send per round), with no work per line.
 *
 *     echo_server SOCKET             (runs until killed; removes a stale SOCKET first)
 *     echo_server SOCKET BYTES       answers each line with BYTES - 1 'x's and a newline
 *                                    instead: a reply as long as the app's, for reference
 *
 * It reads whatever arrives and drops a client whose replies outgrow its 128 KiB output buffer:
 * with BYTES-long replies, keep fewer than 131072 / BYTES lines in flight (the bench keeps 64).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

enum { MAX_CLIENTS = 256, BUFFER = 1 << 16 };

struct client {
  int fd;
  char in[BUFFER];
  size_t in_length;
  char out[BUFFER * 2];
  size_t out_start, out_length;
};

static struct client *clients[MAX_CLIENTS];
static int client_count;
static size_t reply_bytes; /* 0: echo the line */

static void drop(int index) {
  close(clients[index]->fd);
  free(clients[index]);
  clients[index] = clients[--client_count];
}

/* Moves every complete line from the input to the output; returns -1 on overflow. */
static int answer(struct client *c) {
  size_t start = 0;
  char *newline;
  while ((newline = memchr(c->in + start, '\n', c->in_length - start))) {
    size_t line = (size_t)(newline - (c->in + start)) + 1;
    size_t reply = reply_bytes ? reply_bytes : line;
    if (c->out_start + c->out_length + reply > sizeof c->out) {
      memmove(c->out, c->out + c->out_start, c->out_length);
      c->out_start = 0;
      if (c->out_length + reply > sizeof c->out) return -1;
    }
    char *out = c->out + c->out_start + c->out_length;
    if (reply_bytes) {
      memset(out, 'x', reply - 1);
      out[reply - 1] = '\n';
    } else {
      memcpy(out, c->in + start, line);
    }
    c->out_length += reply;
    start += line;
  }
  memmove(c->in, c->in + start, c->in_length - start);
  c->in_length -= start;
  return c->in_length == sizeof c->in ? -1 : 0;
}

static int flush(struct client *c) {
  while (c->out_length > 0) {
    ssize_t sent = send(c->fd, c->out + c->out_start, c->out_length, MSG_NOSIGNAL);
    if (sent < 0) return errno == EAGAIN ? 0 : -1;
    c->out_start += (size_t)sent;
    c->out_length -= (size_t)sent;
  }
  c->out_start = 0;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: echo_server SOCKET [REPLY_BYTES]\n");
    return 64;
  }
  if (argc == 3) {
    char *end;
    long bytes = strtol(argv[2], &end, 10);
    if (*argv[2] == '\0' || *end != '\0' || bytes < 1 || bytes > BUFFER) {
      fprintf(stderr, "echo_server: REPLY_BYTES must be 1 to %d\n", BUFFER);
      return 64;
    }
    reply_bytes = (size_t)bytes;
  }
  signal(SIGPIPE, SIG_IGN);
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (strlen(argv[1]) >= sizeof address.sun_path) return 64;
  strcpy(address.sun_path, argv[1]);
  unlink(argv[1]);
  int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 ||
      listen(listener, 128) != 0) {
    perror("listen");
    return 69;
  }
  struct pollfd fds[MAX_CLIENTS + 1];
  for (;;) {
    fds[0] = (struct pollfd){.fd = listener, .events = POLLIN};
    for (int i = 0; i < client_count; i++) {
      short events = POLLIN;
      if (clients[i]->out_length > 0) events |= POLLOUT;
      fds[i + 1] = (struct pollfd){.fd = clients[i]->fd, .events = events};
    }
    int count = client_count;
    if (poll(fds, (nfds_t)count + 1, -1) < 0) {
      if (errno == EINTR) continue;
      perror("poll");
      return 70;
    }
    /* Backwards, so that dropping a client (which moves the last one into its slot) is safe. */
    for (int i = count - 1; i >= 0; i--) {
      if (!fds[i + 1].revents) continue;
      struct client *c = clients[i];
      if (fds[i + 1].revents & (POLLIN | POLLHUP | POLLERR)) {
        ssize_t got = read(c->fd, c->in + c->in_length, sizeof c->in - c->in_length);
        if (got == 0 || (got < 0 && errno != EAGAIN)) {
          drop(i);
          continue;
        }
        if (got > 0) c->in_length += (size_t)got;
        if (answer(c) != 0) {
          drop(i);
          continue;
        }
      }
      if (flush(c) != 0) drop(i);
    }
    if (fds[0].revents & POLLIN) {
      int fd;
      while (client_count < MAX_CLIENTS && (fd = accept(listener, NULL, NULL)) >= 0) {
        fcntl(fd, F_SETFL, O_NONBLOCK);
        struct client *c = calloc(1, sizeof *c);
        if (!c) {
          close(fd);
          break;
        }
        c->fd = fd;
        clients[client_count++] = c;
      }
    }
  }
}
