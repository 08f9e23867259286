/* SPDX-License-Identifier: MIT */
/*
 * custom_timestamp.c — a custom codec: a Unix time (int64_t seconds) that
 * travels as an RFC 3339 UTC string, "2024-02-29T12:30:05Z".
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int64_t unix_seconds;
} timestamp;

/* Days since 1970-01-01 <-> civil date (H. Hinnant's algorithms). */
static int64_t days_from_civil(int64_t y, int m, int d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}
static void civil_from_days(int64_t z, int64_t *y, int *m, int *d) {
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

static jb_status ts_encode(jb_writer *w, const void *value, void *ctx) {
    (void)ctx;
    int64_t t = ((const timestamp *)value)->unix_seconds;
    int64_t days = t / 86400, secs = t % 86400, y;
    if (secs < 0) secs += 86400, days--;
    int m, d;
    civil_from_days(days, &y, &m, &d);
    if (y < 0 || y > 9999) return jb_write_fail(w, "timestamp outside years 0000-9999");
    char text[32];
    int n = snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02dZ", (int)y, m, d,
                     (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60));
    return jb_write_string(w, text, (size_t)n);
}

static jb_status ts_decode(jb_reader *r, void *value, void *ctx) {
    (void)ctx;
    jb_str s;
    jb_status st = jb_read_string(r, &s); /* a copy in the decode's arena */
    if (st) return st;
    int y, mo, d, h, mi, se, used = 0;
    if (s.len != 20 ||
        sscanf(s.ptr, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi, &se, &used) != 6 ||
        used != 20 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59)
        return jb_read_fail(r, JB_E_CUSTOM, "expected a timestamp like 2024-02-29T12:30:05Z");
    ((timestamp *)value)->unix_seconds =
        days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
    return JB_OK;
}

static const jb_type timestamp_type = JB_CUSTOM(timestamp, ts_encode, ts_decode, NULL);

typedef struct {
    char *what;
    timestamp at;
} event;
static const jb_type event_type =
    JB_RECORD(event, JB_FIELD(event, what, &jb_cstr), JB_FIELD(event, at, &timestamp_type));

int main(void) {
    jb_arena *arena = jb_arena_new();
    jb_buf out = JB_BUF_INIT;
    jb_error err;
    event e;
    const char *in = "{\"what\":\"leap day lunch\",\"at\":\"2024-02-29T12:30:05Z\"}";
    if (!arena || jb_decode(&event_type, in, strlen(in), &e, arena, NULL, &err) != JB_OK) {
        fprintf(stderr, "decode: %s\n", arena ? err.message : "no memory");
        return 1;
    }
    printf("unix_seconds = %lld\n", (long long)e.at.unix_seconds);

    e.at.unix_seconds += 86400; /* one day later */
    if (jb_encode(&event_type, &e, &out, NULL, &err) != JB_OK) {
        fprintf(stderr, "encode: %s\n", err.message);
        return 1;
    }
    printf("%.*s\n", (int)out.len, out.data);

    /* A bad timestamp: the custom decoder's status and message, with the path. */
    const char *bad = "{\"what\":\"x\",\"at\":\"yesterday\"}";
    jb_status st = jb_decode(&event_type, bad, strlen(bad), &e, arena, NULL, &err);
    printf("%s at %s: %s\n", jb_status_name(st), err.path, err.message);

    jb_buf_free(&out);
    jb_arena_free(arena);
    return st == JB_E_CUSTOM ? 0 : 1;
}
