/*
 * The live readers of `npm run bench -- --instances N` (scripts/bench-instances.ts), when a C
 * compiler is at hand: 10,000 phones that hold the live feed open and note when a comment's text
 * arrives. They stand for phones elsewhere, yet run on the machine under test; one epoll loop
 * reads what a Node socket per reader read for a fifth of its CPU (docs/decisions/046).
 *
 *   bench-readers COUNT TOPIC PORT[,PORT…]     reader i connects to port (i / 500) % ports
 *
 * stdout: "ready" once every reader got its stream's hello; "all" once every reader got the
 * watched text; for "report", "arrivals T…" (CLOCK_MONOTONIC ns of each reader's arrival, 0 for
 * none, Node's process.hrtime.bigint() reads the same clock); "closed N" if streams ended.
 * stdin: "watch TEXT" (forget the last arrivals, look for TEXT), "report", "quit".
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd;
  int answered; /* the status line came */
  int connected; /* the hello came */
  unsigned long long arrived;
} Reader;

static Reader *readers;
static int count;
static char watched[1024];
static size_t watched_length;
static int waiting;
static int closed_streams;

static unsigned long long now_ns(void) {
  struct timespec at;
  clock_gettime(CLOCK_MONOTONIC, &at);
  return (unsigned long long)at.tv_sec * 1000000000ULL + (unsigned long long)at.tv_nsec;
}

static int open_reader(int port, const char *topic) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  struct sockaddr_in address = {0};
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    close(fd);
    return -1;
  }
  char request[512];
  int length = snprintf(request, sizeof request,
                        "GET /api/live?topic=%s HTTP/1.1\r\nHost: localhost:%d\r\nAccept: text/event-stream\r\n\r\n",
                        topic, port);
  if (write(fd, request, (size_t)length) != length) {
    close(fd);
    return -1;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  return fd;
}

static void command(char *line) {
  if (strncmp(line, "watch ", 6) == 0) {
    snprintf(watched, sizeof watched, "%s", line + 6);
    watched_length = strlen(watched);
    waiting = count;
    for (int index = 0; index < count; index++) readers[index].arrived = 0;
  } else if (strcmp(line, "report") == 0) {
    printf("arrivals");
    for (int index = 0; index < count; index++) printf(" %llu", readers[index].arrived);
    printf("\n");
    fflush(stdout);
  } else if (strcmp(line, "quit") == 0) {
    exit(0);
  }
}

static int poll_fd;
static int connected;
static char buffer[65536];
static char input[1024];
static size_t input_length;

/** Handles what is ready: commands on stdin, and what each reader's stream brought. */
static void pump(void) {
  struct epoll_event events[256];
  int ready = epoll_wait(poll_fd, events, 256, -1);
  if (ready < 0) return;
  for (int at = 0; at < ready; at++) {
    unsigned long long key = events[at].data.u64;
    if (key == (unsigned long long)count) {
      ssize_t got = read(0, input + input_length, sizeof input - 1 - input_length);
      if (got <= 0) exit(0); /* the benchmark went away */
      input_length += (size_t)got;
      char *newline;
      while ((newline = memchr(input, '\n', input_length))) {
        *newline = 0;
        command(input);
        size_t used = (size_t)(newline - input) + 1;
        memmove(input, newline + 1, input_length - used);
        input_length -= used;
      }
      continue;
    }
    Reader *reader = &readers[key];
    for (;;) {
      ssize_t got = read(reader->fd, buffer, sizeof buffer);
      if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (got <= 0) {
        epoll_ctl(poll_fd, EPOLL_CTL_DEL, reader->fd, NULL);
        close(reader->fd);
        printf("closed %d\n", ++closed_streams);
        fflush(stdout);
        break;
      }
      if (!reader->connected) {
        if (!reader->answered && (got < 12 || memcmp(buffer, "HTTP/1.1 200", 12) != 0)) {
          fprintf(stderr, "live feed answered %.40s\n", buffer);
          exit(1);
        }
        reader->answered = 1;
        if (memmem(buffer, (size_t)got, "conectado", 9)) {
          reader->connected = 1;
          connected++;
        }
      }
      if (watched_length && !reader->arrived && memmem(buffer, (size_t)got, watched, watched_length)) {
        reader->arrived = now_ns();
        if (--waiting == 0) {
          printf("all\n");
          fflush(stdout);
        }
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: bench-readers COUNT TOPIC PORT[,PORT...]\n");
    return 2;
  }
  count = atoi(argv[1]);
  const char *topic = argv[2];
  int ports[16];
  int port_count = 0;
  for (char *part = strtok(argv[3], ","); part && port_count < 16; part = strtok(NULL, ",")) ports[port_count++] = atoi(part);
  readers = calloc((size_t)count, sizeof *readers);
  poll_fd = epoll_create1(0);
  struct epoll_event event = {.events = EPOLLIN, .data.u64 = (unsigned long long)count};
  epoll_ctl(poll_fd, EPOLL_CTL_ADD, 0, &event);
  /* 500 at a time, each batch answered before the next, as the Node readers open. */
  for (int index = 0; index < count; index++) {
    readers[index].fd = open_reader(ports[(index / 500) % port_count], topic);
    if (readers[index].fd < 0) {
      fprintf(stderr, "reader %d could not connect: %s\n", index, strerror(errno));
      return 1;
    }
    event.events = EPOLLIN;
    event.data.u64 = (unsigned long long)index;
    epoll_ctl(poll_fd, EPOLL_CTL_ADD, readers[index].fd, &event);
    if ((index + 1) % 500 == 0 || index + 1 == count)
      while (connected < index + 1) pump();
  }
  printf("ready\n");
  fflush(stdout);
  for (;;) pump();
}
