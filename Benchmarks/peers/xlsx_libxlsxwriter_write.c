/* The practical limit for writing XLSX: libcsv reads boardkit's CSV rendition of the board
 * (cards, and the events sidecar beside it) and libxlsxwriter writes the same cells boardkit
 * writes (sheets Cards, History, States, Board; dates as date cells in the board's zone; the
 * header frozen, an autofilter) in constant-memory mode. No validation, no model: the floor.
 *
 * Usage: xlsx_libxlsxwriter_write CARDS.csv OUTPUT.xlsx
 *        (reads CARDS.events.csv beside CARDS.csv when it is there) */
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xlsxwriter.h>

enum { MAXF = 64, CHUNK = 1 << 20 };

struct row {
    char *f[MAXF];
    size_t len[MAXF], cap[MAXF];
    int n;
};

typedef void (*row_fn)(struct row *, void *);

struct reader {
    struct row r;
    row_fn fn;
    void *ctx;
};

static void on_field(void *s, size_t len, void *data) {
    struct reader *rd = data;
    int k = rd->r.n;
    if (k >= MAXF) return;
    if (rd->r.cap[k] < len + 1) {
        rd->r.cap[k] = (len + 1) * 2;
        rd->r.f[k] = realloc(rd->r.f[k], rd->r.cap[k]);
    }
    memcpy(rd->r.f[k], s, len);
    rd->r.f[k][len] = 0;
    rd->r.len[k] = len;
    rd->r.n++;
}

static void on_row(int c, void *data) {
    (void)c;
    struct reader *rd = data;
    rd->fn(&rd->r, rd->ctx);
    rd->r.n = 0;
}

static int read_csv(const char *path, row_fn fn, void *ctx) {
    FILE *in = fopen(path, "rb");
    if (!in) return -1;
    struct csv_parser p;
    csv_init(&p, CSV_APPEND_NULL);
    struct reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fn = fn;
    rd.ctx = ctx;
    static char buf[CHUNK];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        if (csv_parse(&p, buf, n, on_field, on_row, &rd) != n) {
            fprintf(stderr, "%s: %s\n", path, csv_strerror(csv_error(&p)));
            exit(1);
        }
    }
    csv_fini(&p, on_field, on_row, &rd);
    csv_free(&p);
    fclose(in);
    return 0;
}

/* ISO 8601 date or instant → a date cell in the board's zone (TZ is set to it). */
static int num(const char *s, int w) {
    int v = 0;
    for (int i = 0; i < w; i++) v = v * 10 + (s[i] - '0');
    return v;
}

static int to_datetime(const char *s, size_t len, lxw_datetime *out, int *has_time) {
    if (len < 10) return 0;
    memset(out, 0, sizeof *out);
    out->year = num(s, 4);
    out->month = num(s + 5, 2);
    out->day = num(s + 8, 2);
    *has_time = 0;
    if (len == 10) return 1;
    if (len < 19) return 0;
    struct tm tm = {0};
    tm.tm_year = out->year - 1900;
    tm.tm_mon = out->month - 1;
    tm.tm_mday = out->day;
    tm.tm_hour = num(s + 11, 2);
    tm.tm_min = num(s + 14, 2);
    tm.tm_sec = num(s + 17, 2);
    const char *z = s + 19;
    while (*z == '.' || (*z >= '0' && *z <= '9')) z++;
    long offset = 0;
    if (*z == '+' || *z == '-') offset = (*z == '-' ? -1 : 1) * (num(z + 1, 2) * 3600L + num(z + 4, 2) * 60L);
    time_t t = timegm(&tm) - offset;
    struct tm local;
    localtime_r(&t, &local);
    out->year = local.tm_year + 1900;
    out->month = local.tm_mon + 1;
    out->day = local.tm_mday;
    out->hour = local.tm_hour;
    out->min = local.tm_min;
    out->sec = local.tm_sec;
    *has_time = 1;
    return 1;
}

struct book {
    lxw_workbook *wb;
    lxw_worksheet *cards, *history, *states, *meta;
    int history_parts;
    lxw_format *date, *when, *wrap;
    lxw_row_t card_row, event_row, state_row, meta_row;
    int header_fields;
};

static void put_date(lxw_worksheet *ws, lxw_row_t r, lxw_col_t c, struct book *b, const char *s, size_t len) {
    lxw_datetime dt;
    int has_time;
    if (len && to_datetime(s, len, &dt, &has_time))
        worksheet_write_datetime(ws, r, c, &dt, has_time ? b->when : b->date);
}

static void write_history_header(lxw_worksheet *ws) {
    const char *heads[] = {"card", "at", "type", "from", "to", "actor"};
    for (int k = 0; k < 6; k++) worksheet_write_string(ws, 0, k, heads[k], NULL);
}

/* The sidecar: board, state and event rows. */
static void on_sidecar_row(struct row *r, void *ctx) {
    struct book *b = ctx;
    if (r->n < 13) return;
    const char *kind = r->f[0];
    if (strcmp(kind, "board") == 0) {
        if (strcmp(r->f[11], "timezone") == 0) { setenv("TZ", r->f[12], 1); tzset(); }
        b->meta_row++;
        worksheet_write_string(b->meta, b->meta_row, 0, r->f[11], NULL);
        worksheet_write_string(b->meta, b->meta_row, 1, r->f[12], NULL);
    } else if (strcmp(kind, "state") == 0) {
        b->state_row++;
        worksheet_write_string(b->states, b->state_row, 0, r->f[7], NULL);
        worksheet_write_string(b->states, b->state_row, 1, r->f[8], NULL);
        worksheet_write_string(b->states, b->state_row, 2, r->f[9], NULL);
        if (r->len[10]) worksheet_write_number(b->states, b->state_row, 3, atof(r->f[10]), NULL);
    } else if (strcmp(kind, "event") == 0) {
        /* Past Excel's last row the events continue in `History (2)`, … as boardkit's do. */
        if (b->event_row == LXW_ROW_MAX - 1) {
            char name[32];
            snprintf(name, sizeof name, "History (%d)", ++b->history_parts);
            b->history = workbook_add_worksheet(b->wb, name);
            write_history_header(b->history);
            b->event_row = 0;
        }
        lxw_row_t row = ++b->event_row;
        worksheet_write_string(b->history, row, 0, r->f[1], NULL);
        put_date(b->history, row, 1, b, r->f[2], r->len[2]);
        worksheet_write_string(b->history, row, 2, r->f[3], NULL);
        for (int k = 4; k <= 6; k++)
            if (r->len[k]) worksheet_write_string(b->history, row, k - 1, r->f[k], NULL);
    }
}

static void on_card_row(struct row *r, void *ctx) {
    struct book *b = ctx;
    lxw_worksheet *ws = b->cards;
    if (b->card_row == 0 && b->header_fields == 0) {
        b->header_fields = r->n;
        for (int k = 0; k < r->n; k++) worksheet_write_string(ws, 0, k, r->f[k], NULL);
        worksheet_freeze_panes(ws, 1, 0);
        b->card_row = 1;
        return;
    }
    if (b->card_row == LXW_ROW_MAX) {
        fprintf(stderr, "more cards than one sheet holds: not measured\n");
        exit(1);
    }
    lxw_row_t row = b->card_row++;
    for (int k = 0; k < r->n; k++) {
        if (r->len[k] == 0) continue;
        if (k >= 4 && k <= 8) put_date(ws, row, k, b, r->f[k], r->len[k]);
        else if (k == 11) worksheet_write_number(ws, row, k, atof(r->f[k]), NULL);
        else if (k == 12) worksheet_write_boolean(ws, row, k, r->f[k][0] == 't', NULL);
        else worksheet_write_string(ws, row, k, r->f[k], k == 2 ? b->wrap : NULL);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s CARDS.csv OUTPUT.xlsx\n", argv[0]); return 2; }
    lxw_workbook_options options = {.constant_memory = LXW_TRUE, .tmpdir = NULL};
    struct book b;
    memset(&b, 0, sizeof b);
    b.wb = workbook_new_opt(argv[2], &options);
    b.cards = workbook_add_worksheet(b.wb, "Cards");
    b.history = workbook_add_worksheet(b.wb, "History");
    b.states = workbook_add_worksheet(b.wb, "States");
    b.meta = workbook_add_worksheet(b.wb, "Board");
    b.date = workbook_add_format(b.wb);
    format_set_num_format(b.date, "yyyy-mm-dd");
    b.when = workbook_add_format(b.wb);
    format_set_num_format(b.when, "yyyy-mm-dd hh:mm");
    b.wrap = workbook_add_format(b.wb);
    format_set_text_wrap(b.wrap);

    b.history_parts = 1;
    write_history_header(b.history);
    const char *sheads[] = {"id", "name", "category", "wip limit"};
    for (int k = 0; k < 4; k++) worksheet_write_string(b.states, 0, k, sheads[k], NULL);
    worksheet_write_string(b.meta, 0, 0, "key", NULL);
    worksheet_write_string(b.meta, 0, 1, "value", NULL);

    /* The sidecar first: it names the board's zone the card dates are shown in. */
    char sidecar[4096];
    size_t n = strlen(argv[1]);
    if (n > 4 && strcmp(argv[1] + n - 4, ".csv") == 0 && n < sizeof sidecar - 16) {
        snprintf(sidecar, sizeof sidecar, "%.*s.events.csv", (int)(n - 4), argv[1]);
        read_csv(sidecar, on_sidecar_row, &b);
    }
    if (read_csv(argv[1], on_card_row, &b) != 0) { perror(argv[1]); return 1; }
    if (b.card_row > 1) worksheet_autofilter(b.cards, 0, 0, b.card_row - 1, b.header_fields - 1);
    lxw_error err = workbook_close(b.wb);
    if (err) { fprintf(stderr, "%s: %s\n", argv[2], lxw_strerror(err)); return 1; }
    return 0;
}
