/*
 * `deeplink mcp` against the raw socket: one MCP session over pipes, as an agent's client holds
 * it, and the C client's round trip to the app, interleaved call by call so that noise from
 * other work on the machine hits both.
 *
 *     mcp_session DEEPLINK SOCKET CALLS [all]
 *
 * With `all`, each round also times, interleaved with the rest, the same link through the tool
 * `open` ({"route":"settings"}) in the same session, and through a second session of revision
 * 2026-07-28 (no handshake, each request carrying its `_meta`), opened the same way, which
 * also calls `open` (untimed) so that both processes do the same work.
 *
 * Prints one line:
 *   startup_ms=  from fork to the reply to tools/list (initialize, initialized and tools/list
 *                sent at once, as a client does on connecting)
 *   call_p50_us= a tools/call of `settings` (arguments {}), request written to reply read
 *   raw_p50_us=  connect, write `debug://settings`, read the reply, close: the C client's round
 *                trip, without its process start
 *   ratio=       call_p50_us / raw_p50_us
 * and with `all`:
 *   open_p50_us=      a tools/call of `open` with {"route":"settings"}
 *   stateless_p50_us= a tools/call of `settings` on the 2026-07-28 session
 *   open_ratio=       open_p50_us / call_p50_us
 *   stateless_ratio=  stateless_p50_us / call_p50_us
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, compare);
  return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static void write_all(int fd, const char *text) {
  size_t length = strlen(text);
  while (length > 0) {
    ssize_t count = write(fd, text, length);
    if (count <= 0) {
      perror("write");
      exit(74);
    }
    text += count;
    length -= (size_t)count;
  }
}

/* Reads from `fd` up to and including one newline; what follows stays in the buffer. */
static char buffer[1 << 20];
static size_t buffered;

static void read_line(int fd, char *line, size_t size) {
  for (;;) {
    char *newline = memchr(buffer, '\n', buffered);
    if (newline) {
      size_t length = (size_t)(newline - buffer) + 1;
      if (length >= size) exit(74);
      memcpy(line, buffer, length);
      line[length] = 0;
      memmove(buffer, newline + 1, buffered - length);
      buffered -= length;
      return;
    }
    if (buffered == sizeof buffer) exit(74);
    ssize_t count = read(fd, buffer + buffered, sizeof buffer - buffered);
    if (count <= 0) {
      fprintf(stderr, "mcp_session: the server closed its output\n");
      exit(74);
    }
    buffered += (size_t)count;
  }
}

static void raw_round_trip(const char *socket_path) {
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  strcpy(address.sun_path, socket_path);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    perror("connect");
    exit(69);
  }
  write_all(fd, "debug://settings\n");
  static char reply[1 << 16];
  size_t have = 0;
  for (;;) {
    ssize_t count = read(fd, reply + have, sizeof reply - have);
    if (count <= 0) exit(74);
    if (memchr(reply + have, '\n', (size_t)count)) break;
    have += (size_t)count;
    if (have == sizeof reply) exit(74);
  }
  close(fd);
}

/* Starts `deeplink mcp --socket SOCKET` on pipes: its input in `*in`, its output in `*out`. */
static pid_t spawn(const char *deeplink, const char *socket_path, int *in, int *out) {
  int to_server[2], from_server[2];
  if (pipe(to_server) != 0 || pipe(from_server) != 0) exit(71);
  pid_t child = fork();
  if (child == 0) {
    dup2(to_server[0], 0);
    dup2(from_server[1], 1);
    close(to_server[1]);
    close(from_server[0]);
    execl(deeplink, "deeplink", "mcp", "--socket", socket_path, (char *)0);
    _exit(127);
  }
  close(to_server[0]);
  close(from_server[1]);
  *in = to_server[1];
  *out = from_server[0];
  return child;
}

/* The stateless session's reads: a buffer of its own. */
static char stateless_buffer[1 << 20];
static size_t stateless_buffered;

static void read_stateless_line(int fd, char *line, size_t size) {
  /* Swap the shared buffer with the stateless session's, read, swap back. */
  static char saved[1 << 20];
  size_t saved_count = buffered;
  memcpy(saved, buffer, buffered);
  memcpy(buffer, stateless_buffer, stateless_buffered);
  buffered = stateless_buffered;
  read_line(fd, line, size);
  memcpy(stateless_buffer, buffer, buffered);
  stateless_buffered = buffered;
  memcpy(buffer, saved, saved_count);
  buffered = saved_count;
}

/* Writes `request` to a session and times its reply, which must not be an error. */
static double timed_call(int in, int out, const char *request, int stateless) {
  static char line[1 << 20];
  double before = now_us();
  write_all(in, request);
  if (stateless) {
    read_stateless_line(out, line, sizeof line);
  } else {
    read_line(out, line, sizeof line);
  }
  double elapsed = now_us() - before;
  if (!strstr(line, "\"isError\":false")) {
    fprintf(stderr, "mcp_session: the call failed: %.300s\n", line);
    exit(70);
  }
  return elapsed;
}

#define META \
  "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"," \
  "\"io.modelcontextprotocol/clientCapabilities\":{}}"

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5 || strlen(argv[2]) >= sizeof((struct sockaddr_un *)0)->sun_path ||
      (argc == 5 && strcmp(argv[4], "all") != 0)) {
    fprintf(stderr, "usage: mcp_session DEEPLINK SOCKET CALLS [all]\n");
    return 64;
  }
  int calls = atoi(argv[3]);
  if (calls < 1) return 64;
  int all = argc == 5;
  signal(SIGPIPE, SIG_IGN);

  double start = now_us();
  int in, out;
  pid_t child = spawn(argv[1], argv[2], &in, &out);

  static char line[1 << 20];
  write_all(in,
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}\n"
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n");
  read_line(out, line, sizeof line);
  read_line(out, line, sizeof line);
  double startup = now_us() - start;
  if (!strstr(line, "\"id\":1,\"result\":{\"tools\":[")) {
    fprintf(stderr, "mcp_session: unexpected tools/list reply: %.200s\n", line);
    return 70;
  }

  int stateless_in = -1, stateless_out = -1;
  pid_t stateless_child = 0;
  if (all) {
    stateless_child = spawn(argv[1], argv[2], &stateless_in, &stateless_out);
    write_all(stateless_in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}\n");
    read_stateless_line(stateless_out, line, sizeof line);
    if (!strstr(line, "\"id\":1,\"result\":{\"tools\":[")) {
      fprintf(stderr, "mcp_session: unexpected 2026-07-28 tools/list reply: %.200s\n", line);
      return 70;
    }
  }

  double *call_us = calloc((size_t)calls, sizeof *call_us);
  double *raw_us = calloc((size_t)calls, sizeof *raw_us);
  double *open_us = calloc((size_t)calls, sizeof *open_us);
  double *stateless_us = calloc((size_t)calls, sizeof *stateless_us);
  char request[512];
  char open_request[512], stateless_request[512], stateless_open_request[768];
  double *stateless_open_us = calloc((size_t)calls, sizeof *stateless_open_us);
  for (int i = 0; i < calls; i++) {
    snprintf(request, sizeof request,
             "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"settings\","
             "\"arguments\":{}}}\n",
             i + 2);
    if (!all) {
      call_us[i] = timed_call(in, out, request, 0);
    } else {
      snprintf(open_request, sizeof open_request,
               "{\"jsonrpc\":\"2.0\",\"id\":\"o%d\",\"method\":\"tools/call\",\"params\":{\"name\":\"open\","
               "\"arguments\":{\"route\":\"settings\"}}}\n",
               i);
      snprintf(stateless_request, sizeof stateless_request,
               "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"settings\","
               "\"arguments\":{}," META "}}\n",
               i + 2);
      snprintf(stateless_open_request, sizeof stateless_open_request,
               "{\"jsonrpc\":\"2.0\",\"id\":\"o%d\",\"method\":\"tools/call\",\"params\":{\"name\":\"open\","
               "\"arguments\":{\"route\":\"settings\"}," META "}}\n",
               i);
      /* The four calls each in turn first, second, third and fourth, so that what precedes a
       * call (the raw round trip, the other process) weighs on each alike; each session makes
       * two calls a round, so that neither process is colder than the other. */
      for (int k = 0; k < 4; k++) {
        switch ((i + k) % 4) {
          case 0: call_us[i] = timed_call(in, out, request, 0); break;
          case 1: open_us[i] = timed_call(in, out, open_request, 0); break;
          case 2: stateless_us[i] = timed_call(stateless_in, stateless_out, stateless_request, 1); break;
          default:
            stateless_open_us[i] = timed_call(stateless_in, stateless_out, stateless_open_request, 1);
            break;
        }
      }
    }
    double before = now_us();
    raw_round_trip(argv[2]);
    raw_us[i] = now_us() - before;
  }
  close(in);
  if (all) close(stateless_in);
  int status = 0;
  waitpid(child, &status, 0);
  int stateless_status = 0;
  if (all) waitpid(stateless_child, &stateless_status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !WIFEXITED(stateless_status) ||
      WEXITSTATUS(stateless_status) != 0) {
    fprintf(stderr, "mcp_session: deeplink mcp did not exit 0 at the end of its input\n");
    return 70;
  }
  double call = median(call_us, calls), raw = median(raw_us, calls);
  printf("startup_ms=%.3f call_p50_us=%.1f raw_p50_us=%.1f ratio=%.3f", startup / 1000, call, raw, call / raw);
  if (all) {
    double open = median(open_us, calls), stateless = median(stateless_us, calls);
    printf(" open_p50_us=%.1f stateless_p50_us=%.1f open_ratio=%.3f stateless_ratio=%.3f", open, stateless,
           open / call, stateless / call);
  }
  printf("\n");
  return 0;
}
