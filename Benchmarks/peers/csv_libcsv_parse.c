/* The floor for CSV reading: libcsv parses the file and counts fields and rows, nothing
 * else. Usage: csv_libcsv_parse INPUT OUTPUT (writes the two counts to OUTPUT). */
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>

struct counts { size_t fields, rows; };

static void on_field(void *s, size_t len, void *data) { (void)s; (void)len; ((struct counts *)data)->fields++; }
static void on_row(int c, void *data) { (void)c; ((struct counts *)data)->rows++; }

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s INPUT OUTPUT\n", argv[0]); return 2; }
    FILE *in = fopen(argv[1], "rb");
    if (!in) { perror(argv[1]); return 1; }
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT) != 0) return 1;
    struct counts c = {0, 0};
    static char buf[1 << 20];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        if (csv_parse(&p, buf, n, on_field, on_row, &c) != n) {
            fprintf(stderr, "%s: %s\n", argv[1], csv_strerror(csv_error(&p)));
            return 1;
        }
    }
    csv_fini(&p, on_field, on_row, &c);
    csv_free(&p);
    fclose(in);
    FILE *out = fopen(argv[2], "w");
    if (!out) { perror(argv[2]); return 1; }
    fprintf(out, "%zu fields, %zu rows\n", c.fields, c.rows);
    fclose(out);
    return 0;
}
