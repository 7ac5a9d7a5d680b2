/* Where storage memory comes from: THAlloc (alignment, heap accounting, the GC hook, failures),
 * the default allocator, files mapped with THMapAllocator (shared, private, whole-file, errors),
 * POSIX shared memory (create, attach, keep the descriptor, unlink, map from a descriptor) and the
 * shared memory that counts its own references. */
#include "harness.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* A fresh temporary file name or shared memory name, unique to this process. */
static void unique_name(char *buf, size_t size, const char *kind) {
  static int counter = 0;
  if (strcmp(kind, "file") == 0)
    snprintf(buf, size, "%s/th_alloc_test_%d_%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getpid(), counter++);
  else
    snprintf(buf, size, "/th_alloc_test_%d_%d", (int)getpid(), counter++);
}

static int shm_exists(const char *name) {
  int fd = shm_open(name, O_RDONLY, 0);
  if (fd < 0)
    return 0;
  close(fd);
  return 1;
}

TEST(th_alloc_basics) {
  CHECK(THAlloc(0) == NULL);
  void *small = THAlloc(100);
  void *large = THAlloc(100000);
  CHECK(small != NULL);
  CHECK(((uintptr_t)large % 64) == 0);
  large = THRealloc(large, 200000);
  memset(large, 1, 200000);
  CHECK(THRealloc(small, 0) == NULL);
  THFree(large);
  THFree(NULL);
  EXPECT_TH_ERROR(THAlloc(-1), "cannot allocate a negative number of bytes (-1)");
  EXPECT_TH_ERROR(THRealloc(NULL, -8), "negative number of bytes");
}

TEST(heap_size_counts_what_is_allocated) {
  ptrdiff_t before = THHeapSize();
  void *block = THAlloc(3 << 20);
  CHECK(THHeapSize() - before >= (3 << 20));
  THFree(block);
  CHECK_EQ_LONG(THHeapSize(), before);
  THFloatStorage *s = THFloatStorage_newWithSize(1 << 20);
  CHECK(THHeapSize() - before >= (4 << 20));
  THFloatStorage_free(s);
  CHECK_EQ_LONG(THHeapSize(), before);
}

static int gcCalls = 0;
static void countingGC(void *data) {
  (void)data;
  gcCalls++;
}

TEST(gc_hook_runs_on_failure_and_when_the_heap_is_large) {
  gcCalls = 0;
  THSetGCHandler(countingGC, NULL);
  EXPECT_TH_ERROR(THAlloc(PTRDIFF_MAX / 2), "not enough memory: you tried to allocate");
  CHECK_EQ_LONG(gcCalls, 1);                      /* once, then one retry */
  void *big = THAlloc(320 * 1000 * 1000);         /* past the 300 MB soft limit (pages untouched) */
  CHECK(gcCalls >= 2);
  THFree(big);
  THSetGCHandler(NULL, NULL);
}

TEST(large_freed_blocks_are_reused_when_they_fit) {
  THFreeCachedBlocks();
  ptrdiff_t before = THHeapSize();
  char *first = THAlloc(9 << 20);
  first[0] = 1;
  THFree(first);
  CHECK_EQ_LONG(THHeapSize(), before);            /* a cached block is not counted as allocated */
  char *second = THAlloc(6 << 20);                /* fits: at least 6 MB, at most twice that */
  CHECK(second == first);
  THFree(second);
  char *small = THAlloc(3 << 20);                 /* 9 MB would be more than twice 3 MB */
  CHECK(small != first);
  THFree(small);
  char *tiny = THAlloc(64 << 10);                 /* below 128 KB: malloc's own business */
  CHECK(tiny != first);
  THFree(tiny);
  char *tooSmall = THAlloc(4 << 20);              /* 9 MB would be more than twice 4 MB */
  CHECK(tooSmall != first);
  THFree(tooSmall);
  THFreeCachedBlocks();
  CHECK_EQ_LONG(THHeapSize(), before);
}

/* A training step allocates the same sizes each time: the blocks of one step serve the next. */
TEST(a_step_that_keeps_ten_results_alive_reuses_them_at_the_next_step) {
  THFreeCachedBlocks();
  char *first[10], *second[10];
  for (int i = 0; i < 10; i++)
    first[i] = THAlloc(1 << 20);
  for (int i = 0; i < 10; i++)
    THFree(first[i]);
  int reused = 0;
  for (int i = 0; i < 10; i++) {
    second[i] = THAlloc(1 << 20);
    for (int j = 0; j < 10; j++)
      reused += second[i] == first[j];
  }
  CHECK_EQ_LONG(reused, 10);
  for (int i = 0; i < 10; i++)
    THFree(second[i]);
  THFreeCachedBlocks();
}

TEST(default_allocator_wraps_th_alloc) {
  void *p = THDefaultAllocator.malloc(NULL, 64);
  p = THDefaultAllocator.realloc(NULL, p, 128);
  memset(p, 0, 128);
  THDefaultAllocator.free(NULL, p);
}

TEST(mapped_file_is_shared_with_the_file) {
  char name[256];
  unique_name(name, sizeof(name), "file");
  THIntStorage *s = THIntStorage_newWithMapping(name, 10, TH_ALLOCATOR_MAPPED_SHARED);
  CHECK_EQ_LONG(s->size, 10);
  CHECK(!(s->flag & TH_STORAGE_RESIZABLE));
  CHECK(s->allocator == &THMapAllocator);
  CHECK_EQ_LONG(THMapAllocatorContext_size(s->allocatorContext), 40);
  CHECK(strcmp(THMapAllocatorContext_filename(s->allocatorContext), name) == 0);
  CHECK_EQ_LONG(THMapAllocatorContext_fd(s->allocatorContext), -1);
  for (int i = 0; i < 10; i++)
    s->data[i] = i * i;
  EXPECT_TH_ERROR(THIntStorage_resize(s, 20), "not resizable");
  THIntStorage_free(s);

  THIntStorage *again = THIntStorage_newWithMapping(name, 0, TH_ALLOCATOR_MAPPED_SHARED);
  CHECK_EQ_LONG(again->size, 10);                 /* size 0: the whole file */
  CHECK_EQ_LONG(again->data[9], 81);
  THIntStorage_free(again);

  THIntStorage *priv = THIntStorage_newWithMapping(name, 0, 0);  /* private: copy on write */
  priv->data[0] = 1234;
  THIntStorage_free(priv);
  THIntStorage *check = THIntStorage_newWithMapping(name, 0, 0);
  CHECK_EQ_LONG(check->data[0], 0);
  THIntStorage_free(check);
  unlink(name);
}

TEST(mapping_errors_name_the_file_and_the_reason) {
  char name[256];
  unique_name(name, sizeof(name), "file");
  EXPECT_TH_ERROR(THFloatStorage_newWithMapping(name, 4, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_NOCREATE),
                  "No such file or directory");
  EXPECT_TH_ERROR(THFloatStorage_newWithMapping(name, 4, 0), "cannot open file");
  THFloatStorage *s = THFloatStorage_newWithMapping(name, 4, TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_TH_ERROR(THFloatStorage_newWithMapping(name, 4, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_EXCLUSIVE),
                  "File exists");
  EXPECT_TH_ERROR(THFloatStorage_newWithMapping(name, 100, 0), "cannot grow the read-only file");
  EXPECT_TH_ERROR(THMapAllocator.realloc(s->allocatorContext, s->data, 8), "mappings have a fixed size");
  THFloatStorage_free(s);
  unlink(name);
  int fd = open(name, O_CREAT | O_RDWR, 0600);
  close(fd);
  EXPECT_TH_ERROR(THFloatStorage_newWithMapping(name, 0, TH_ALLOCATOR_MAPPED_SHARED), "empty file");
  unlink(name);
}

TEST(shared_memory_is_seen_by_a_second_mapping_and_unlinked_on_free) {
  char name[64];
  unique_name(name, sizeof(name), "shm");
  THDoubleStorage *owner = THDoubleStorage_newWithMapping(
      name, 8, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  owner->data[7] = 2.5;
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE | TH_ALLOCATOR_MAPPED_UNLINK);
  THDoubleStorage *reader = THDoubleStorage_newWithAllocator(8, &THMapAllocator, ctx);
  CHECK_NEAR(reader->data[7], 2.5, 0);
  reader->data[0] = -1;
  CHECK_NEAR(owner->data[0], -1, 0);
  CHECK(!shm_exists(name));                       /* the reader unlinked the name */
  THDoubleStorage_free(reader);
  THDoubleStorage_free(owner);                    /* its unlink finds nothing: harmless */

  unique_name(name, sizeof(name), "shm");
  THByteStorage *s = THByteStorage_newWithMapping(name, 16, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  CHECK(shm_exists(name));
  THByteStorage_free(s);
  CHECK(!shm_exists(name));                       /* freed by name: unlinked */
}

TEST(keep_fd_and_map_from_fd) {
  char name[64];
  unique_name(name, sizeof(name), "shm");
  int flags = TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE | TH_ALLOCATOR_MAPPED_KEEPFD |
              TH_ALLOCATOR_MAPPED_UNLINK;
  THFloatStorage *owner = THFloatStorage_newWithMapping(name, 5, flags);
  int fd = THMapAllocatorContext_fd(owner->allocatorContext);
  CHECK(fd >= 0);
  CHECK(!shm_exists(name));                       /* only the descriptor keeps it alive */
  owner->data[4] = 9;
  THMapAllocatorContext *ctx = THMapAllocatorContext_newWithFd(name, dup(fd),
      TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE | TH_ALLOCATOR_MAPPED_KEEPFD);
  THFloatStorage *other = THFloatStorage_newWithAllocator(5, &THMapAllocator, ctx);
  CHECK_NEAR(other->data[4], 9, 0);
  CHECK(THMapAllocatorContext_fd(ctx) >= 0);
  THFloatStorage_free(other);
  THFloatStorage_free(owner);
  CHECK(fcntl(fd, F_GETFD) == -1);                /* closed with its storage */
}

TEST(refcounted_shared_memory_counts_its_users) {
  char name[64];
  unique_name(name, sizeof(name), "shm");
  THMapAllocatorContext *ctx1 = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  THLongStorage *a = THLongStorage_newWithAllocator(4, &THRefcountedMapAllocator, ctx1);
  CHECK(((uintptr_t)a->data % TH_ALLOC_ALIGNMENT) == 0);
  CHECK_EQ_LONG(THMapAllocatorContext_size(ctx1), 4 * sizeof(long));
  a->data[3] = 77;
  THMapAllocatorContext *ctx2 = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  THLongStorage *b = THLongStorage_newWithAllocator(0, &THRefcountedMapAllocator, ctx2);
  CHECK_EQ_LONG(THMapAllocatorContext_size(ctx2), 4 * sizeof(long));  /* the header is not counted */
  CHECK_EQ_LONG(b->data[3], 77);
  THRefcountedMapAllocator_incref(ctx1, a->data);                     /* now 3 */
  CHECK_EQ_LONG(THRefcountedMapAllocator_decref(ctx1, a->data), 0);   /* 2 */
  THLongStorage_free(a);                                              /* 1 */
  CHECK(shm_exists(name));
  THLongStorage_free(b);                                              /* 0: unlinked */
  CHECK(!shm_exists(name));

  THMapAllocatorContext *bad = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_TH_ERROR(THLongStorage_newWithAllocator(4, &THRefcountedMapAllocator, bad),
                  "needs a shared memory object");
}

TEST(a_failed_exclusive_mapping_removes_what_it_created) {
  char name[64];
  unique_name(name, sizeof(name), "shm");
  EXPECT_TH_ERROR(THFloatStorage_newWithMapping(name, 0, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE),
                  "cannot map the whole of the empty shared memory object");
  CHECK(!shm_exists(name));
}

TEST(unused_context_can_be_freed) {
  THMapAllocatorContext *ctx = THMapAllocatorContext_new("/never_mapped", TH_ALLOCATOR_MAPPED_SHAREDMEM);
  CHECK_EQ_LONG(THMapAllocatorContext_size(ctx), 0);
  THMapAllocatorContext_free(ctx);
}

HARNESS_MAIN(TEST_ENTRY(th_alloc_basics),
             TEST_ENTRY(heap_size_counts_what_is_allocated),
             TEST_ENTRY(gc_hook_runs_on_failure_and_when_the_heap_is_large),
             TEST_ENTRY(large_freed_blocks_are_reused_when_they_fit),
             TEST_ENTRY(a_step_that_keeps_ten_results_alive_reuses_them_at_the_next_step),
             TEST_ENTRY(default_allocator_wraps_th_alloc),
             TEST_ENTRY(mapped_file_is_shared_with_the_file),
             TEST_ENTRY(mapping_errors_name_the_file_and_the_reason),
             TEST_ENTRY(shared_memory_is_seen_by_a_second_mapping_and_unlinked_on_free),
             TEST_ENTRY(keep_fd_and_map_from_fd),
             TEST_ENTRY(refcounted_shared_memory_counts_its_users),
             TEST_ENTRY(a_failed_exclusive_mapping_removes_what_it_created),
             TEST_ENTRY(unused_context_can_be_freed))
