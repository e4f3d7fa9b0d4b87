/*
 * assignment.c - a plain C reference for the COMP20003 "AI solver for Peg Solitaire" budgeted DFS,
 * written the way the assignment's base code is shaped (state_t with a 9x9 int8_t field,
 * malloc'd node_t with a parent pointer and a full copy of the state, a chained hash table of
 * seen boards keyed on the 81 field bytes, an explicit stack of node pointers).
 *
 * Usage: ./assignment <level> AI <budget>
 * Build: gcc -O3 -o assignment benches/reference/assignment.c (docs/perf/make-page.sh races
 * it against `pegsol 5 AI 1200000`, runs interleaved, for docs/performance.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>
#include <time.h>

#define SIZE 9
#define NUM_LAYOUTS 9
#ifndef HT_CAPACITY /* -DHT_CAPACITY=... only for the sensitivity runs */
#define HT_CAPACITY 16769023 /* the prime the base code passes to ht_setup */
#endif

/* layouts table: row y, cell x is the char at index 2x */
static const char layouts[NUM_LAYOUTS][SIZE][2 * SIZE + 1] = {
    { /* layout 0 */
        "                  ",
        "                  ",
        "                  ",
        "      o o . o     ",
        "                  ",
        "                  ",
        "                  ",
        "                  ",
        "                  ",
    },
    { /* layout 1 */
        "                  ",
        "                  ",
        "                  ",
        "      o o .       ",
        "        o         ",
        "        o         ",
        "                  ",
        "                  ",
        "                  ",
    },
    { /* layout 2 */
        "                  ",
        "                  ",
        "          o       ",
        "      . o o       ",
        "        o o o     ",
        "        o         ",
        "                  ",
        "                  ",
        "                  ",
    },
    { /* layout 3 */
        "o o o . . .       ",
        "o o o . . .       ",
        ". o o . . .       ",
        "      o o o       ",
        "      o o o       ",
        "      o o o       ",
        "                  ",
        "                  ",
        "                  ",
    },
    { /* layout 4 */
        "                  ",
        "      o o o       ",
        "      o o o       ",
        "  o o o o o o o   ",
        "  o o o . o o o   ",
        "  o o o o o o o   ",
        "      o o o       ",
        "      o o o       ",
        "                  ",
    },
    { /* layout 5 */
        "                  ",
        "      o o o       ",
        "    o o o o o     ",
        "  o o o . o o o   ",
        "  o o o o o o o   ",
        "  o o o o o o o   ",
        "    o o o o o     ",
        "      o o o       ",
        "                  ",
    },
    { /* layout 6 */
        "      o o o       ",
        "      o o o       ",
        "      o o o       ",
        "o o o o o o o o o ",
        "o o o o . o o o o ",
        "o o o o o o o o o ",
        "      o o o       ",
        "      o o o       ",
        "      o o o       ",
    },
    { /* layout 7 */
        "      o o o       ",
        "      o o o       ",
        "      o o o       ",
        "  o o o o o o o o ",
        "  o o o . o o o o ",
        "  o o o o o o o o ",
        "      o o o       ",
        "      o o o       ",
        "                  ",
    },
    { /* layout 8 */
        "        o         ",
        "      o o o       ",
        "    o o o o o     ",
        "  o o o o o o o   ",
        "o o o o . o o o o ",
        "  o o o o o o o   ",
        "    o o o o o     ",
        "      o o o       ",
        "        o         ",
    },
};

typedef struct {
    int8_t x, y;
} position_s;

typedef struct {
    int8_t field[SIZE][SIZE]; /* field[x][y] */
    position_s cursor;
    bool selected;
} state_t;

typedef enum { left = 0, right = 1, up = 2, down = 3 } move_t;

typedef struct node_s {
    int depth;
    move_t move;
    state_t state;
    struct node_s *parent;
} node_t;

/* ---------- globals, as in the base code ---------- */
static state_t solution[SIZE * SIZE];
static move_t solution_moves[SIZE * SIZE];
static int solution_size;
static unsigned long generated_nodes;
static unsigned long expanded_nodes;
static unsigned long budget;

/* ---------- game rules (as the base code's utils.c) ---------- */
static void initialize(state_t *board, int level) {
    for (int y = 0; y < SIZE; y++)
        for (int x = 0; x < SIZE; x++)
            board->field[x][y] = layouts[level][y][2 * x];
    board->cursor.x = 4;
    board->cursor.y = 4;
    board->selected = false;
}

static int num_pegs(state_t *board) {
    int count = 0;
    for (int y = 0; y < SIZE; y++)
        for (int x = 0; x < SIZE; x++)
            count += board->field[x][y] == 'o';
    return count;
}

static bool won(state_t *board) { return num_pegs(board) == 1; }

static bool can_apply(state_t *board, position_s *p, move_t jump) {
    if (board->field[p->x][p->y] != 'o') return false;
    switch (jump) {
    case up:
        if (p->y < 2) return false;
        if (board->field[p->x][p->y - 1] != 'o') return false;
        if (board->field[p->x][p->y - 2] != '.') return false;
        break;
    case down:
        if (p->y > SIZE - 3) return false;
        if (board->field[p->x][p->y + 1] != 'o') return false;
        if (board->field[p->x][p->y + 2] != '.') return false;
        break;
    case left:
        if (p->x < 2) return false;
        if (board->field[p->x - 1][p->y] != 'o') return false;
        if (board->field[p->x - 2][p->y] != '.') return false;
        break;
    case right:
        if (p->x > SIZE - 3) return false;
        if (board->field[p->x + 1][p->y] != 'o') return false;
        if (board->field[p->x + 2][p->y] != '.') return false;
        break;
    }
    return true;
}

static void execute_move_t(state_t *state, position_s *p, move_t jump) {
    int8_t x = p->x, y = p->y;
    switch (jump) {
    case up:
        state->field[x][y - 2] = 'o'; state->field[x][y - 1] = '.'; state->field[x][y] = '.';
        state->cursor.y = y - 2;
        break;
    case down:
        state->field[x][y] = '.'; state->field[x][y + 1] = '.'; state->field[x][y + 2] = 'o';
        state->cursor.y = y + 2;
        break;
    case left:
        state->field[x - 2][y] = 'o'; state->field[x - 1][y] = '.'; state->field[x][y] = '.';
        state->cursor.x = x - 2;
        break;
    case right:
        state->field[x][y] = '.'; state->field[x + 1][y] = '.'; state->field[x + 2][y] = 'o';
        state->cursor.x = x + 2;
        break;
    }
}

/* ---------- stack of node pointers ---------- */
static node_t **stack;
static long stack_top_idx = -1;
static long stack_cap;

static void initialize_stack(void) {
    stack_cap = 1024;
    stack = malloc(sizeof(node_t *) * stack_cap);
    stack_top_idx = -1;
}
static void stack_push(node_t *n) {
    if (stack_top_idx + 1 == stack_cap) {
        stack_cap *= 2;
        stack = realloc(stack, sizeof(node_t *) * stack_cap);
    }
    stack[++stack_top_idx] = n;
}
static node_t *stack_top(void) { return stack[stack_top_idx]; }
static void stack_pop(void) { stack_top_idx--; }
static bool is_stack_empty(void) { return stack_top_idx < 0; }

/* ---------- chained hash table of seen boards (key: the 81 field bytes) ---------- */
typedef struct ht_entry {
    struct ht_entry *next;
    int8_t key[SIZE * SIZE];
} ht_entry;

typedef struct {
    ht_entry **buckets;
    size_t capacity;
    size_t size;
} HashTable;

static size_t djb2(const int8_t *key, size_t len) {
    size_t h = 5381;
    for (size_t i = 0; i < len; i++)
        h = ((h << 5) + h) + (unsigned char)key[i]; /* h * 33 + c */
    return h;
}

static void ht_setup(HashTable *t, size_t capacity) {
    t->capacity = capacity;
    t->size = 0;
    t->buckets = calloc(capacity, sizeof(ht_entry *));
}

static bool ht_contains(HashTable *t, const int8_t *key) {
    for (ht_entry *e = t->buckets[djb2(key, SIZE * SIZE) % t->capacity]; e; e = e->next)
        if (memcmp(e->key, key, SIZE * SIZE) == 0) return true;
    return false;
}

static void ht_insert(HashTable *t, const int8_t *key) {
    size_t i = djb2(key, SIZE * SIZE) % t->capacity;
    ht_entry *e = malloc(sizeof(ht_entry));
    memcpy(e->key, key, SIZE * SIZE);
    e->next = t->buckets[i];
    t->buckets[i] = e;
    t->size++;
}

static void ht_destroy(HashTable *t) {
    for (size_t i = 0; i < t->capacity; i++) {
        ht_entry *e = t->buckets[i];
        while (e) {
            ht_entry *next = e->next;
            free(e);
            e = next;
        }
    }
    free(t->buckets);
}

/* ---------- list of expanded nodes, freed at the end ---------- */
static node_t **expanded_list;
static size_t expanded_len, expanded_cap;

static void remember_expanded(node_t *n) {
    if (expanded_len == expanded_cap) {
        expanded_cap = expanded_cap ? expanded_cap * 2 : 1024;
        expanded_list = realloc(expanded_list, sizeof(node_t *) * expanded_cap);
    }
    expanded_list[expanded_len++] = n;
}

/* ---------- search ---------- */
static node_t *create_init_node(state_t *init_state) {
    node_t *n = malloc(sizeof(node_t));
    n->parent = NULL;
    n->depth = 0;
    n->move = left;
    memcpy(&n->state, init_state, sizeof(state_t));
    return n;
}

static node_t *applyAction(node_t *n, position_s *selected_peg, move_t action) {
    node_t *new_node = malloc(sizeof(node_t));
    memcpy(&new_node->state, &n->state, sizeof(state_t));
    new_node->parent = n;
    new_node->depth = n->depth + 1;
    new_node->move = action;
    new_node->state.cursor = *selected_peg;
    execute_move_t(&new_node->state, &new_node->state.cursor, action);
    return new_node;
}

static void save_solution(node_t *n) {
    solution_size = n->depth;
    for (node_t *m = n; m; m = m->parent) {
        solution[m->depth] = m->state;
        if (m->depth > 0) solution_moves[m->depth - 1] = m->move;
    }
}

static int pegs_left;

static void find_solution(state_t *init_state) {
    HashTable table;
    ht_setup(&table, HT_CAPACITY);
    initialize_stack();

    node_t *n = create_init_node(init_state);
    stack_push(n);
    int remaining_pegs = num_pegs(&n->state);
    save_solution(n);
    bool done = false;

    while (!is_stack_empty() && !done) {
        n = stack_top();
        stack_pop();
        remember_expanded(n);
        expanded_nodes++;

        if (num_pegs(&n->state) < remaining_pegs) {
            save_solution(n);
            remaining_pegs = num_pegs(&n->state);
        }

        position_s peg;
        for (peg.x = 0; peg.x < SIZE && !done; peg.x++) {
            for (peg.y = 0; peg.y < SIZE && !done; peg.y++) {
                for (int jump = left; jump <= down; jump++) {
                    if (!can_apply(&n->state, &peg, (move_t)jump)) continue;
                    node_t *child = applyAction(n, &peg, (move_t)jump);
                    generated_nodes++;
                    if (won(&child->state)) {
                        save_solution(child);
                        remaining_pegs = num_pegs(&child->state);
                        free(child);
                        done = true;
                        break;
                    }
                    if (!ht_contains(&table, &child->state.field[0][0])) {
                        ht_insert(&table, &child->state.field[0][0]);
                        stack_push(child);
                    } else {
                        free(child);
                    }
                }
            }
        }
        if (expanded_nodes >= budget) break;
    }
    pegs_left = remaining_pegs;

    /* free everything (-DSKIP_FREE only for the sensitivity runs) */
#ifndef SKIP_FREE
    while (!is_stack_empty()) {
        free(stack_top());
        stack_pop();
    }
    free(stack);
    for (size_t i = 0; i < expanded_len; i++) free(expanded_list[i]);
    free(expanded_list);
    ht_destroy(&table);
#endif
}

int main(int argc, char **argv) {
    if (argc < 4 || strcmp(argv[2], "AI") != 0) {
        fprintf(stderr, "usage: %s <level> AI <budget>\n", argv[0]);
        return 1;
    }
    int level = atoi(argv[1]);
    if (level < 0 || level >= NUM_LAYOUTS) {
        fprintf(stderr, "level must be 0..%d\n", NUM_LAYOUTS - 1);
        return 1;
    }
    budget = strtoul(argv[3], NULL, 10);

    state_t board;
    initialize(&board, level);

    clock_t start = clock();
    find_solution(&board);
    clock_t end = clock();
    double cpu_time_used = (double)(end - start) / CLOCKS_PER_SEC;

    printf("STATS: \n");
    printf("\tExpanded nodes: %lu\n", expanded_nodes);
    printf("\tGenerated nodes: %lu\n", generated_nodes);
    printf("\tSolution Length: %d\n", solution_size);
    printf("\tNumber of Pegs Left: %d\n", pegs_left);
    printf("\tExpanded/seconds: %d\n", (int)(expanded_nodes / (cpu_time_used > 0 ? cpu_time_used : 1e-9)));
    printf("\tTime (seconds): %f\n", cpu_time_used);
    return 0;
}
