/* SPDX-License-Identifier: MIT */
/*
 * test_numbers_long.c — exhaustive float check (label "long": not in the
 * default ctest run; it takes minutes).
 *
 * For every one of the 2^32 bit patterns that is a finite float:
 *   1. jb__fmt_f32 then jb__parse_f32 gives back the same bits;
 *   2. the output is the shortest: neither (S-1)-digit neighbour of its S
 *      digits (truncated, and truncated + 1 ulp in the last kept digit)
 *      parses back to the same float;
 *   3. every 64th pattern also reads back through strtof in the "C" locale
 *      (an oracle independent of numparse.c).
 *
 *   test_numbers_long [step]   checks patterns 0, step, 2*step, ... (default 1)
 *
 * The range is split across one thread per online CPU.
 */
#define _GNU_SOURCE /* strtof_l, sysconf */
#include "check.h"
#include "num.h"

#include <locale.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

static locale_t c_loc;
static uint64_t step = 1;

typedef struct job {
    uint64_t first, last; /* pattern indices [first, last) in units of step */
    uint64_t checked, failed;
} job;

static void report(uint64_t *failed, uint32_t bits, const char *what, const char *text) {
    if ((*failed)++ < 10) fprintf(stderr, "f32 0x%08x: %s [%s]\n", (unsigned)bits, what, text);
}

/* Significant digits of a formatted number and n: value = 0.D * 10^n. */
static int digits_of(const char *s, size_t len, char *d, int *n) {
    int nd = 0, intlen = -1, start = 0, e = 0;
    size_t i;
    char all[40];
    for (i = 0; i < len && s[i] != 'e'; i++) {
        if (s[i] == '.')
            intlen = nd;
        else if (s[i] >= '0' && s[i] <= '9')
            all[nd++] = s[i];
    }
    if (intlen < 0) intlen = nd;
    if (i < len) e = atoi(s + i + 1 + (s[i + 1] == '+'));
    while (start < nd && all[start] == '0') {
        start++;
        intlen--;
    }
    while (nd > start && all[nd - 1] == '0') nd--;
    memcpy(d, all + start, (size_t)(nd - start));
    *n = intlen + e;
    return nd - start;
}

/* Does the decimal 0.D[0..k) (+1 in the last place if up) * 10^n parse back
 * to bits? */
static bool shorter_round_trips(const char *d, int k, int n, bool up, uint32_t bits) {
    char s[48], *p = s;
    float f;
    uint32_t fb;
    char m[40];
    int i, carry_n = n;
    memcpy(m, d, (size_t)k);
    if (up) {
        for (i = k - 1; i >= 0 && m[i] == '9'; i--) m[i] = '0';
        if (i < 0) { /* 99..9 + 1 = 100..0 */
            memmove(m + 1, m, (size_t)k);
            m[0] = '1';
            carry_n++;
        } else {
            m[i]++;
        }
    }
    *p++ = '0';
    *p++ = '.';
    memcpy(p, m, (size_t)k);
    p += k;
    *p++ = 'e';
    if (carry_n < 0) {
        *p++ = '-';
        carry_n = -carry_n;
    }
    if (carry_n >= 10) *p++ = (char)('0' + carry_n / 10);
    *p++ = (char)('0' + carry_n % 10); /* |n| <= 46 for floats */
    if (jb__parse_f32(s, (size_t)(p - s), &f) != JB_OK) return false;
    memcpy(&fb, &f, 4);
    return fb == bits;
}

static void *run(void *arg) {
    job *j = arg;
    for (uint64_t i = j->first; i < j->last; i++) {
        uint32_t bits = (uint32_t)(i * step), back;
        char out[JB_FMT_F64_MAX + 1], d[40];
        float v, f;
        size_t len;
        int nd, n;
        if ((bits & 0x7F800000u) == 0x7F800000u) continue; /* inf, NaN */
        memcpy(&v, &bits, 4);
        len = jb__fmt_f32(out, v);
        out[len] = 0;
        j->checked++;
        if (jb__parse_f32(out, len, &f) != JB_OK) {
            report(&j->failed, bits, "does not parse", out);
            continue;
        }
        memcpy(&back, &f, 4);
        if (back != bits) {
            report(&j->failed, bits, "round trip changes the bits", out);
            continue;
        }
        if ((bits & 0x7FFFFFFFu) == 0) continue;
        nd = digits_of(out, len, d, &n);
        if (nd > 1 && (shorter_round_trips(d, nd - 1, n, false, bits) ||
                       shorter_round_trips(d, nd - 1, n, true, bits))) {
            report(&j->failed, bits, "not the shortest", out);
        }
        if ((i & 63) == 0) {
            f = strtof_l(out, NULL, c_loc);
            memcpy(&back, &f, 4);
            if (back != bits) report(&j->failed, bits, "strtof reads it differently", out);
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    uint64_t total;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nt = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (int)ncpu;
    pthread_t tid[64];
    bool started[64];
    job jobs[64];
    uint64_t checked = 0, failed = 0;
    if (argc > 1) {
        step = strtoull(argv[1], NULL, 10);
        if (step == 0) step = 1;
    }
    c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (!c_loc) return 2;
    total = ((uint64_t)1 << 32) / step + (((uint64_t)1 << 32) % step != 0);
    for (int t = 0; t < nt; t++) {
        jobs[t].first = total * (uint64_t)t / (uint64_t)nt;
        jobs[t].last = total * (uint64_t)(t + 1) / (uint64_t)nt;
        jobs[t].checked = jobs[t].failed = 0;
        started[t] = pthread_create(&tid[t], NULL, run, &jobs[t]) == 0;
        if (!started[t]) run(&jobs[t]);
    }
    for (int t = 0; t < nt; t++) {
        if (started[t]) pthread_join(tid[t], NULL);
        checked += jobs[t].checked;
        failed += jobs[t].failed;
    }
    printf("step %llu, %d threads: %llu finite floats checked, %llu failed\n",
           (unsigned long long)step, nt, (unsigned long long)checked, (unsigned long long)failed);
    CHECK_AT(__LINE__, failed == 0, "%llu of %llu floats failed", (unsigned long long)failed,
             (unsigned long long)checked);
    CHECK_AT(__LINE__, checked > 0, "nothing checked");
    freelocale(c_loc);
    return check_report();
}
