/* SPDX-License-Identifier: MIT */
/*
 * testfiles.h — reading test inputs from files: a whole file into a
 * malloc'd buffer, and every *.json file of a directory (no larger than a
 * size) through a callback.
 */
#ifndef JB_TESTFILES_H
#define JB_TESTFILES_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file into *out (free it); (size_t)-1 when it cannot be read. */
static size_t read_file(const char *path, char **out) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    if (!f) return (size_t)-1;
    do {
        if (len == cap) {
            cap = cap ? cap * 2 : 4096;
            buf = realloc(buf, cap);
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got);
    fclose(f);
    *out = buf;
    return len;
}

/* fn(name, text, len) for each *.json file of dir of at most max bytes;
 * returns how many (0 when dir is not there). */
static size_t for_each_json(const char *dir, size_t max,
                            void (*fn)(const char *name, const char *text, size_t len)) {
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t n = 0;
    if (!d) return 0;
    while ((e = readdir(d))) {
        char path[1024], *buf = NULL;
        size_t len;
        if (e->d_name[0] == '.' || !strstr(e->d_name, ".json")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        len = read_file(path, &buf);
        if (len == (size_t)-1) continue;
        if (len <= max) {
            fn(e->d_name, buf, len);
            n++;
        }
        free(buf);
    }
    closedir(d);
    return n;
}

#endif
