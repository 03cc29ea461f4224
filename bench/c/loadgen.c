/*
 * Load generator for a line server on a Unix socket: CLIENTS connections, each keeping up to
 * DEPTH request lines in flight, REQUESTS lines in all; one thread, one poll loop. Prints the
 * rate and the latency of each line (from its write to its reply's newline), for example:
 *
 *     loadgen SOCKET 'debug://settings' 1 1 20000     one at a time
 *     loadgen SOCKET 'debug://settings' 1 64 50000    pipelined, 64 in flight
 *     loadgen SOCKET 'debug://settings' 32 1 50000    32 concurrent clients
 *
 *     requests=20000 seconds=0.712 rate=28090 p50_us=33.1 p99_us=61.0
 *
 * Distinct lines: LINE may hold several templates separated by spaces, and `{i}` in a template
 * stands for a number. Request k (counted over all clients) uses template k mod T, with `{i}`
 * replaced by (k / T) mod DISTINCT + 1, so that no line repeats within T * DISTINCT requests:
 *
 *     loadgen SOCKET 'debug://recipe?id={i} debug://profile?id=u{i}' 32 1 50000 4096
 *
 * Replies are counted by their newlines; their content is not checked (the bench checks one
 * reply separately).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct connection {
  int fd;
  long quota, sent, done;
  double *sent_at; /* ring of DEPTH send times */
};

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 6 && argc != 7) {
    fprintf(stderr, "usage: loadgen SOCKET LINE CLIENTS DEPTH REQUESTS [DISTINCT]\n");
    return 64;
  }
  const char *path = argv[1];
  int clients = atoi(argv[3]), depth = atoi(argv[4]);
  long requests = atol(argv[5]);
  long distinct = argc == 7 ? atol(argv[6]) : 1;
  if (clients < 1 || depth < 1 || requests < clients || distinct < 1) return 64;

  /* The templates, each split at its `{i}` (if any) into a head and a tail. */
  char *templates_text = strdup(argv[2]);
  char *heads[64], *tails[64];
  int templates = 0;
  for (char *t = strtok(templates_text, " "); t && templates < 64; t = strtok(NULL, " ")) {
    char *mark = strstr(t, "{i}");
    heads[templates] = t;
    tails[templates] = NULL;
    if (mark) {
      *mark = '\0';
      tails[templates] = mark + 3;
    }
    templates++;
  }
  if (templates == 0) return 64;
  size_t longest = strlen(argv[2]) + 24;
  char *batch = malloc(longest * (size_t)depth);
  long next_request = 0;
  /* One fixed line: the batch is written once, and sending costs the generator nothing. */
  int fixed = templates == 1 && !tails[0];
  size_t fixed_length = strlen(heads[0]) + 1;
  if (fixed)
    for (int i = 0; i < depth; i++) sprintf(batch + fixed_length * (size_t)i, "%s\n", heads[0]);

  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof address.sun_path) return 64;
  strcpy(address.sun_path, path);
  struct connection *connections = calloc((size_t)clients, sizeof *connections);
  struct pollfd *fds = calloc((size_t)clients, sizeof *fds);
  for (int i = 0; i < clients; i++) {
    connections[i].fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (connect(connections[i].fd, (struct sockaddr *)&address, sizeof address) != 0) {
      perror("connect");
      return 69;
    }
    connections[i].quota = requests / clients + (i < requests % clients);
    connections[i].sent_at = calloc((size_t)depth, sizeof(double));
  }

  double *latencies = malloc(sizeof(double) * (size_t)requests);
  long recorded = 0;
  static char buffer[1 << 16];
  double start = now();
  /* Fill every connection's window, then top it up as replies come back. */
  for (;;) {
    int active = 0;
    for (int i = 0; i < clients; i++) {
      struct connection *c = &connections[i];
      long in_flight = c->sent - c->done;
      long room = depth - in_flight;
      if (room > c->quota - c->sent) room = c->quota - c->sent;
      if (room > 0) {
        size_t bytes = fixed ? fixed_length * (size_t)room : 0;
        for (long k = 0; !fixed && k < room; k++, next_request++) {
          int which = (int)(next_request % templates);
          if (tails[which])
            bytes += (size_t)sprintf(batch + bytes, "%s%ld%s\n", heads[which],
                                     (next_request / templates) % distinct + 1, tails[which]);
          else
            bytes += (size_t)sprintf(batch + bytes, "%s\n", heads[which]);
        }
        double t = now();
        if (write(c->fd, batch, bytes) != (ssize_t)bytes) {
          perror("write");
          return 74;
        }
        for (long k = 0; k < room; k++) c->sent_at[(c->sent + k) % depth] = t;
        c->sent += room;
      }
      fds[i] = (struct pollfd){.fd = c->fd, .events = c->done < c->quota ? POLLIN : 0};
      active += c->done < c->quota;
    }
    if (!active) break;
    if (poll(fds, (nfds_t)clients, -1) < 0) {
      if (errno == EINTR) continue;
      perror("poll");
      return 70;
    }
    for (int i = 0; i < clients; i++) {
      if (!fds[i].revents) continue;
      struct connection *c = &connections[i];
      ssize_t got = read(c->fd, buffer, sizeof buffer);
      if (got <= 0) {
        fprintf(stderr, "loadgen: the server closed a connection after %ld replies\n", c->done);
        return 74;
      }
      double t = now();
      for (char *p = buffer; (p = memchr(p, '\n', (size_t)(buffer + got - p))); p++) {
        latencies[recorded++] = t - c->sent_at[c->done % depth];
        c->done++;
      }
    }
  }
  double seconds = now() - start;
  qsort(latencies, (size_t)recorded, sizeof(double), compare);
  printf("requests=%ld seconds=%.3f rate=%.0f p50_us=%.1f p99_us=%.1f\n", recorded, seconds,
         (double)recorded / seconds, latencies[recorded / 2] * 1e6,
         latencies[(long)((double)recorded * 0.99)] * 1e6);
  return 0;
}
