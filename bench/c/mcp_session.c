/*
 * `deeplink mcp` against the raw socket: one MCP session over pipes, as an agent's client holds
 * it, and the C client's round trip to the app, interleaved call by call so that noise from
 * other work on the machine hits both.
 *
 *     mcp_session DEEPLINK SOCKET CALLS
 *
 * Prints one line:
 *   startup_ms=  from fork to the reply to tools/list (initialize, initialized and tools/list
 *                sent at once, as a client does on connecting)
 *   call_p50_us= a tools/call of `settings` (arguments {}), request written to reply read
 *   raw_p50_us=  connect, write `debug://settings`, read the reply, close: the C client's round
 *                trip, without its process start
 *   ratio=       call_p50_us / raw_p50_us
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

int main(int argc, char **argv) {
  if (argc != 4 || strlen(argv[2]) >= sizeof((struct sockaddr_un *)0)->sun_path) {
    fprintf(stderr, "usage: mcp_session DEEPLINK SOCKET CALLS\n");
    return 64;
  }
  int calls = atoi(argv[3]);
  if (calls < 1) return 64;
  signal(SIGPIPE, SIG_IGN);
  int to_server[2], from_server[2];
  if (pipe(to_server) != 0 || pipe(from_server) != 0) return 71;

  double start = now_us();
  pid_t child = fork();
  if (child == 0) {
    dup2(to_server[0], 0);
    dup2(from_server[1], 1);
    close(to_server[1]);
    close(from_server[0]);
    execl(argv[1], "deeplink", "mcp", "--socket", argv[2], (char *)0);
    _exit(127);
  }
  close(to_server[0]);
  close(from_server[1]);
  int in = to_server[1], out = from_server[0];

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

  double *call_us = calloc((size_t)calls, sizeof *call_us);
  double *raw_us = calloc((size_t)calls, sizeof *raw_us);
  char request[256];
  for (int i = 0; i < calls; i++) {
    snprintf(request, sizeof request,
             "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"settings\","
             "\"arguments\":{}}}\n",
             i + 2);
    double before = now_us();
    write_all(in, request);
    read_line(out, line, sizeof line);
    call_us[i] = now_us() - before;
    if (!strstr(line, "\"isError\":false")) {
      fprintf(stderr, "mcp_session: the call failed: %.300s\n", line);
      return 70;
    }
    before = now_us();
    raw_round_trip(argv[2]);
    raw_us[i] = now_us() - before;
  }
  close(in);
  int status = 0;
  waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "mcp_session: deeplink mcp did not exit 0 at the end of its input\n");
    return 70;
  }
  double call = median(call_us, calls), raw = median(raw_us, calls);
  printf("startup_ms=%.3f call_p50_us=%.1f raw_p50_us=%.1f ratio=%.3f\n", startup / 1000, call, raw, call / raw);
  return 0;
}
