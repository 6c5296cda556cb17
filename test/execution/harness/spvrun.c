/*
 * spvrun — run one SPIR-V compute shader, one mesh pipeline (an optional task shader and a mesh
 * shader), or one draw (a vertex and a fragment shader rendering offscreen) on a Vulkan driver and
 * dump its storage buffers and, for a draw, its color attachments.
 *
 * Build:  cc -O1 -o spvrun spvrun.c -lvulkan
 *
 * Usage:  spvrun JOBFILE        run the job described in JOBFILE
 *         spvrun --info         create instance + device only, print the device info lines
 *         spvrun --serve        run the jobs whose JOBFILE paths come on stdin, one a line, on
 *                               one instance and device (creating them is most of a small job's
 *                               time); after each job one line on stdout: `ok`, or
 *                               `error CODE spvrun: MESSAGE` with the exit code and message the
 *                               job would have had alone. After a failed Vulkan call (code 2), or
 *                               a failure once the job's objects exist, the line says `fatal`
 *                               for `error` and the server exits: the device may be lost, and a
 *                               new server starts clean.
 *
 * JOBFILE is line based; blank lines and lines starting with '#' are ignored.
 * PATH arguments take the rest of the line (spaces allowed, no quoting).
 *
 *   spv PATH                        SPIR-V module of a compute shader (a job has one of `spv`,
 *                                   `mesh` and `vert`)
 *   mesh PATH                       SPIR-V module of a mesh shader: the job runs a graphics
 *                                   pipeline of the optional task shader and this mesh shader, with
 *                                   rasterizer discard and no attachments (VK_EXT_mesh_shader)
 *   task PATH                       SPIR-V module of a task shader (only with `mesh`; may be the
 *                                   same file as `mesh`)
 *   vert PATH                       SPIR-V module of a vertex shader: the job runs a graphics
 *                                   pipeline of it and the `frag` shader, rendering to the `color`
 *                                   attachments (cleared to zero) with one vkCmdDraw
 *   frag PATH                       SPIR-V module of the fragment shader (needed with `vert`; may
 *                                   be the same file)
 *   vert-entry NAME, frag-entry NAME   their entry point names (default "main")
 *   draw VERTICES INSTANCES         vkCmdDraw's vertex and instance counts (needed with `vert`);
 *                                   triangle list, no culling, no depth, no blending
 *   target WIDTH HEIGHT             framebuffer size of a draw (default 64 64), also the viewport
 *   color LOCATION FORMAT           a color attachment for fragment output LOCATION; FORMAT is one
 *                                   of rgba32f rgba32ui rgba32i rgba8 r32f r32ui r32i
 *   attribute LOCATION FORMAT STRIDE PATH
 *                                   a vertex input at LOCATION read from its own vertex buffer (the
 *                                   contents of PATH), STRIDE bytes a vertex; FORMAT is f32xN,
 *                                   i32xN or u32xN (N = 1..4)
 *   entry NAME                      entry point name of the compute or mesh shader (default "main")
 *   task-entry NAME                 entry point name of the task shader (default "main")
 *   groups X Y Z                    vkCmdDispatch / vkCmdDrawMeshTasksEXT group counts (default 1 1 1;
 *                                   a draw reads `draw` instead)
 *   size X Y Z                      optional: the workgroup size the compute or mesh shader runs
 *                                   with; a job beyond this device's limits exits with code 3
 *   task-size X Y Z                 optional: the same for the task shader
 *   buffer SET BINDING SIZE [INIT]  a storage buffer (SIZE bytes, > 0); INIT is one of
 *                                     zero          zero-filled (default)
 *                                     fill BYTE     every byte = BYTE (0..255, decimal or 0x..)
 *                                     file PATH     contents of PATH (may be shorter than SIZE;
 *                                                   the rest is zero-filled)
 *   uniform SET BINDING SIZE [INIT] a uniform buffer, otherwise as `buffer`
 *   spec ID VALUE                   specialization constant ID = 32-bit VALUE (decimal, 0x.., or
 *                                   negative); 64-bit spec constants are not supported
 *   push PATH                       push-constant bytes (offset 0, size a multiple of 4)
 *   out PATH                        output file (required): every buffer's final bytes,
 *                                   concatenated in the order of the `buffer` and `uniform` lines,
 *                                   then each color attachment's pixels (rows top to bottom,
 *                                   tightly packed) in the order of the `color` lines
 *
 * Descriptor set layouts are created for every set 0..max(SET) (unused sets get empty
 * layouts); each `buffer` is a STORAGE_BUFFER descriptor (each `uniform` a UNIFORM_BUFFER one)
 * visible to the compute stage, to the task and mesh stages of a mesh job, or to the vertex and
 * fragment stages of a draw (as are the push constants and the spec constants).
 *
 * On success stdout holds `key=value` lines (deviceName, deviceIndex, deviceType, apiVersion,
 * deviceApiVersion, driverName, driverInfo, then the limits a job may need: maxComputeWorkGroup*,
 * meshShader and taskShader (0 or 1) and, where meshShader=1, maxMeshWorkGroup*, maxTaskWorkGroup*,
 * maxTaskPayloadSize; sizes as X,Y,Z) and the exit code is 0.
 * Exit code 1: bad usage / job file / input file.  Exit code 2: a Vulkan call failed (stderr
 * names the call and the VkResult) or no suitable device/memory type exists.  Exit code 3: this
 * device cannot run the job (no mesh or task shaders, a workgroup size or group count beyond its
 * limits, an attachment or attribute format it lacks); nothing ran.
 *
 * Environment:
 *   SPVRUN_DEVICE_INDEX=N     use physical device N (index in vkEnumeratePhysicalDevices order)
 *   SPVRUN_DEVICE_NAME=STR    use the first device whose name contains STR
 *   SPVRUN_TIMEOUT_MS=N       fence wait timeout (default 60000)
 *   (the Vulkan loader's own VK_ICD_FILENAMES / VK_DRIVER_FILES / VK_INSTANCE_LAYERS apply)
 *
 * Features: every core feature the device reports (VkPhysicalDeviceFeatures and, when the API
 * version allows, the Vulkan 1.1/1.2/1.3 feature structs) is enabled, except robustness
 * (robustBufferAccess, robustImageAccess) and protectedMemory. On a 1.2+ device that offers
 * VK_EXT_mesh_shader it is enabled with its meshShader and taskShader features (only those: the
 * others need features this harness does not enable). On a 1.1 device
 * VK_KHR_spirv_1_4/VK_KHR_shader_float_controls are enabled when offered;
 * VK_KHR_portability_subset/_enumeration are enabled when offered.
 */
#include <vulkan/vulkan.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BUFFERS 64
#define MAX_SPECS 256
#define MAX_SETS 32
#define MAX_COLORS 8
#define MAX_ATTRIBUTES 16

static const char *vk_result_name(VkResult r) {
  switch (r) {
#define C(x) case x: return #x;
    C(VK_SUCCESS) C(VK_NOT_READY) C(VK_TIMEOUT) C(VK_INCOMPLETE)
    C(VK_ERROR_OUT_OF_HOST_MEMORY) C(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    C(VK_ERROR_INITIALIZATION_FAILED) C(VK_ERROR_DEVICE_LOST) C(VK_ERROR_MEMORY_MAP_FAILED)
    C(VK_ERROR_LAYER_NOT_PRESENT) C(VK_ERROR_EXTENSION_NOT_PRESENT)
    C(VK_ERROR_FEATURE_NOT_PRESENT) C(VK_ERROR_INCOMPATIBLE_DRIVER)
    C(VK_ERROR_TOO_MANY_OBJECTS) C(VK_ERROR_FORMAT_NOT_SUPPORTED) C(VK_ERROR_FRAGMENTED_POOL)
    C(VK_ERROR_UNKNOWN) C(VK_ERROR_OUT_OF_POOL_MEMORY) C(VK_ERROR_INVALID_SHADER_NV)
#undef C
    default: return "VK_RESULT_UNKNOWN";
  }
}

/* --serve: jobs come one after another; a job that fails goes back to the loop (jobFailed). */
static int serving = 0, jobStarted = 0;
static jmp_buf jobFailed;

static void die(int code, const char *fmt, ...) {
  char msg[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (!serving) {
    fprintf(stderr, "spvrun: %s\n", msg);
    exit(code);
  }
  for (char *c = msg; *c; c++)
    if (*c == '\n' || *c == '\r') *c = ' ';
  const int fatal = code == 2 || jobStarted;
  printf("%s %d spvrun: %s\n", fatal ? "fatal" : "error", code, msg);
  fflush(stdout);
  if (fatal) exit(code);
  longjmp(jobFailed, 1);
}

#define VK(call)                                                                    \
  do {                                                                              \
    VkResult r_ = (call);                                                           \
    if (r_ != VK_SUCCESS) die(2, "%s failed: %s (%d)", #call, vk_result_name(r_), (int)r_); \
  } while (0)

typedef struct {
  uint32_t set, binding;
  VkDescriptorType type;
  VkDeviceSize size;
  int init; /* 0 zero, 1 fill, 2 file */
  unsigned fill;
  char *file;
  VkBuffer buf;
  VkDeviceMemory mem;
  void *map;
} Buffer;

/* A color attachment of a draw, and the host-visible buffer its pixels are copied to. */
typedef struct {
  uint32_t location;
  VkFormat format;
  uint32_t pixelSize;
  VkImage image;
  VkDeviceMemory mem;
  VkImageView view;
  VkBuffer readback;
  VkDeviceMemory readbackMem;
  void *map;
} Color;

/* A vertex input of a draw, fed from a vertex buffer of its own. */
typedef struct {
  uint32_t location, stride;
  VkFormat format;
  char *file;
  VkBuffer buf;
  VkDeviceMemory mem;
} Attribute;

typedef struct {
  char *spv, *mesh, *task, *entry, *taskEntry, *push, *out;
  char *vert, *frag, *vertEntry, *fragEntry;
  uint32_t vertexCount, instanceCount, width, height;
  int hasDraw;
  Color colors[MAX_COLORS];
  uint32_t ncolors;
  Attribute attrs[MAX_ATTRIBUTES];
  uint32_t nattrs;
  uint32_t groups[3];
  /* Workgroup sizes declared by the job (`size`, `task-size`), checked against the limits. */
  uint32_t size[3], taskSize[3];
  int hasSize, hasTaskSize;
  Buffer bufs[MAX_BUFFERS];
  uint32_t nbufs;
  VkSpecializationMapEntry specMap[MAX_SPECS];
  uint32_t specData[MAX_SPECS];
  uint32_t nspecs;
} Job;

static void *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) die(1, "cannot open %s", path);
  size_t cap = 4096, n = 0;
  unsigned char *p = malloc(cap);
  for (;;) {
    if (n == cap) p = realloc(p, cap *= 2);
    size_t got = fread(p + n, 1, cap - n, f);
    if (got == 0) break;
    n += got;
  }
  fclose(f);
  *len = n;
  return p;
}

static unsigned long long parse_num(const char *s, int line) {
  char *end;
  long long v = strtoll(s, &end, 0);
  if (end == s || *end) die(1, "job line %d: bad number '%s'", line, s);
  return (unsigned long long)v;
}

/* Exit code 3: the job is well formed, but this device cannot run it. */
#define UNSUPPORTED 3

static void parse_vec3(const char *args, uint32_t v[3], const char *what, int line) {
  char a[64], b[64], c[64];
  if (sscanf(args, "%63s %63s %63s", a, b, c) != 3) die(1, "job line %d: %s X Y Z", line, what);
  v[0] = (uint32_t)parse_num(a, line);
  v[1] = (uint32_t)parse_num(b, line);
  v[2] = (uint32_t)parse_num(c, line);
}

/* Color attachment formats by job-file name, with their bytes a pixel. */
static const struct { const char *name; VkFormat format; uint32_t size; } colorFormats[] = {
    {"rgba32f", VK_FORMAT_R32G32B32A32_SFLOAT, 16}, {"rgba32ui", VK_FORMAT_R32G32B32A32_UINT, 16},
    {"rgba32i", VK_FORMAT_R32G32B32A32_SINT, 16},   {"rgba8", VK_FORMAT_R8G8B8A8_UNORM, 4},
    {"r32f", VK_FORMAT_R32_SFLOAT, 4},              {"r32ui", VK_FORMAT_R32_UINT, 4},
    {"r32i", VK_FORMAT_R32_SINT, 4},
};

/* f32xN, i32xN, u32xN: the 32-bit vertex formats, N components. */
static VkFormat attribute_format(const char *name, int line) {
  static const VkFormat formats[3][4] = {
      {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT},
      {VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT},
      {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT},
  };
  const char *kinds = "fiu";
  const char *k = name[0] ? strchr(kinds, name[0]) : NULL;
  if (!k || strncmp(name + 1, "32x", 3) || name[4] < '1' || name[4] > '4' || name[5])
    die(1, "job line %d: unknown attribute format '%s' (f32xN, i32xN or u32xN, N = 1..4)", line, name);
  return formats[k - kinds][name[4] - '1'];
}

static char *rest_of(char *s, int line) {
  while (*s == ' ' || *s == '\t') s++;
  if (!*s) die(1, "job line %d: missing argument", line);
  return strdup(s);
}

static void parse_job(const char *path, Job *job) {
  size_t len;
  char *text = read_file(path, &len);
  text = realloc(text, len + 1);
  text[len] = 0;
  memset(job, 0, sizeof *job);
  job->entry = strdup("main");
  job->taskEntry = strdup("main");
  job->vertEntry = strdup("main");
  job->fragEntry = strdup("main");
  job->width = job->height = 64;
  job->groups[0] = job->groups[1] = job->groups[2] = 1;
  int lineNo = 0;
  for (char *line = text, *next; line; line = next) {
    lineNo++;
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    size_t l = strlen(line);
    while (l && (line[l - 1] == '\r' || line[l - 1] == ' ' || line[l - 1] == '\t')) line[--l] = 0;
    while (*line == ' ' || *line == '\t') line++;
    if (!*line || *line == '#') continue;
    char key[16], a[64], b[64], c[64], d[64];
    int kn = 0;
    if (sscanf(line, "%15s%n", key, &kn) != 1) continue;
    char *args = line + kn;
    if (!strcmp(key, "spv")) job->spv = rest_of(args, lineNo);
    else if (!strcmp(key, "mesh")) job->mesh = rest_of(args, lineNo);
    else if (!strcmp(key, "task")) job->task = rest_of(args, lineNo);
    else if (!strcmp(key, "entry")) { free(job->entry); job->entry = rest_of(args, lineNo); }
    else if (!strcmp(key, "task-entry")) { free(job->taskEntry); job->taskEntry = rest_of(args, lineNo); }
    else if (!strcmp(key, "size")) { parse_vec3(args, job->size, "size", lineNo); job->hasSize = 1; }
    else if (!strcmp(key, "task-size")) { parse_vec3(args, job->taskSize, "task-size", lineNo); job->hasTaskSize = 1; }
    else if (!strcmp(key, "push")) job->push = rest_of(args, lineNo);
    else if (!strcmp(key, "out")) job->out = rest_of(args, lineNo);
    else if (!strcmp(key, "groups")) parse_vec3(args, job->groups, "groups", lineNo);
    else if (!strcmp(key, "vert")) job->vert = rest_of(args, lineNo);
    else if (!strcmp(key, "frag")) job->frag = rest_of(args, lineNo);
    else if (!strcmp(key, "vert-entry")) { free(job->vertEntry); job->vertEntry = rest_of(args, lineNo); }
    else if (!strcmp(key, "frag-entry")) { free(job->fragEntry); job->fragEntry = rest_of(args, lineNo); }
    else if (!strcmp(key, "draw")) {
      if (sscanf(args, "%63s %63s", a, b) != 2) die(1, "job line %d: draw VERTICES INSTANCES", lineNo);
      job->vertexCount = (uint32_t)parse_num(a, lineNo);
      job->instanceCount = (uint32_t)parse_num(b, lineNo);
      job->hasDraw = 1;
    } else if (!strcmp(key, "target")) {
      if (sscanf(args, "%63s %63s", a, b) != 2) die(1, "job line %d: target WIDTH HEIGHT", lineNo);
      job->width = (uint32_t)parse_num(a, lineNo);
      job->height = (uint32_t)parse_num(b, lineNo);
      if (job->width == 0 || job->height == 0 || job->width > 4096 || job->height > 4096)
        die(1, "job line %d: target %ux%u is not in 1..4096", lineNo, job->width, job->height);
    } else if (!strcmp(key, "color")) {
      if (job->ncolors == MAX_COLORS) die(1, "too many color attachments (at most %d)", MAX_COLORS);
      if (sscanf(args, "%63s %63s", a, b) != 2) die(1, "job line %d: color LOCATION FORMAT", lineNo);
      Color *col = &job->colors[job->ncolors++];
      col->location = (uint32_t)parse_num(a, lineNo);
      if (col->location >= MAX_COLORS) die(1, "job line %d: color location %u >= %d", lineNo, col->location, MAX_COLORS);
      for (size_t f = 0; f < sizeof colorFormats / sizeof colorFormats[0] && !col->format; f++)
        if (!strcmp(b, colorFormats[f].name)) col->format = colorFormats[f].format, col->pixelSize = colorFormats[f].size;
      if (!col->format) die(1, "job line %d: unknown color format '%s'", lineNo, b);
      for (uint32_t i = 0; i + 1 < job->ncolors; i++)
        if (job->colors[i].location == col->location) die(1, "job line %d: duplicate color location %u", lineNo, col->location);
    } else if (!strcmp(key, "attribute")) {
      if (job->nattrs == MAX_ATTRIBUTES) die(1, "too many attributes (at most %d)", MAX_ATTRIBUTES);
      int n = 0;
      if (sscanf(args, "%63s %63s %63s%n", a, b, c, &n) != 3) die(1, "job line %d: attribute LOCATION FORMAT STRIDE PATH", lineNo);
      Attribute *at = &job->attrs[job->nattrs++];
      at->location = (uint32_t)parse_num(a, lineNo);
      at->format = attribute_format(b, lineNo);
      at->stride = (uint32_t)parse_num(c, lineNo);
      at->file = rest_of(args + n, lineNo);
      for (uint32_t i = 0; i + 1 < job->nattrs; i++)
        if (job->attrs[i].location == at->location) die(1, "job line %d: duplicate attribute location %u", lineNo, at->location);
    }
    else if (!strcmp(key, "spec")) {
      if (job->nspecs == MAX_SPECS) die(1, "too many spec constants");
      if (sscanf(args, "%63s %63s", a, b) != 2) die(1, "job line %d: spec ID VALUE", lineNo);
      uint32_t i = job->nspecs++;
      job->specMap[i] = (VkSpecializationMapEntry){(uint32_t)parse_num(a, lineNo), i * 4, 4};
      job->specData[i] = (uint32_t)parse_num(b, lineNo);
    } else if (!strcmp(key, "buffer") || !strcmp(key, "uniform")) {
      if (job->nbufs == MAX_BUFFERS) die(1, "too many buffers");
      int n = 0;
      if (sscanf(args, "%63s %63s %63s%n", a, b, c, &n) != 3)
        die(1, "job line %d: %s SET BINDING SIZE [zero|fill BYTE|file PATH]", lineNo, key);
      Buffer *bf = &job->bufs[job->nbufs++];
      bf->type = key[0] == 'u' ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      bf->set = (uint32_t)parse_num(a, lineNo);
      bf->binding = (uint32_t)parse_num(b, lineNo);
      bf->size = parse_num(c, lineNo);
      if (bf->size == 0) die(1, "job line %d: buffer size must be > 0", lineNo);
      if (bf->set >= MAX_SETS) die(1, "job line %d: set >= %d", lineNo, MAX_SETS);
      char *init = args + n;
      int m = 0;
      if (sscanf(init, "%63s%n", d, &m) == 1) {
        if (!strcmp(d, "zero")) bf->init = 0;
        else if (!strcmp(d, "fill")) {
          if (sscanf(init + m, "%63s", a) != 1) die(1, "job line %d: fill BYTE", lineNo);
          bf->init = 1;
          bf->fill = (unsigned)parse_num(a, lineNo) & 0xffu;
        } else if (!strcmp(d, "file")) {
          bf->init = 2;
          bf->file = rest_of(init + m, lineNo);
        } else die(1, "job line %d: unknown buffer init '%s'", lineNo, d);
      }
      for (uint32_t i = 0; i + 1 < job->nbufs; i++)
        if (job->bufs[i].set == bf->set && job->bufs[i].binding == bf->binding)
          die(1, "job line %d: duplicate set %u binding %u", lineNo, bf->set, bf->binding);
    } else die(1, "job line %d: unknown key '%s'", lineNo, key);
  }
  const int kinds = !!job->spv + !!job->mesh + !!job->vert;
  if (kinds != 1) die(1, kinds ? "job: more than one of 'spv', 'mesh' and 'vert'" : "job: missing 'spv' (or 'mesh' or 'vert')");
  if (job->frag && !job->vert) die(1, "job: 'frag' needs 'vert'");
  if (job->vert && !job->frag) die(1, "job: 'vert' needs 'frag'");
  if (job->vert && !job->hasDraw) die(1, "job: 'vert' needs 'draw VERTICES INSTANCES'");
  if (!job->vert && (job->hasDraw || job->ncolors || job->nattrs))
    die(1, "job: 'draw', 'color' and 'attribute' need 'vert'");
  if (job->task && !job->mesh) die(1, "job: 'task' needs 'mesh'");
  if (job->hasTaskSize && !job->task) die(1, "job: 'task-size' needs 'task'");
  if (!job->out) die(1, "job: missing 'out'");
  free(text);
}

static void free_job(Job *job) {
  free(job->spv), free(job->mesh), free(job->task), free(job->entry), free(job->taskEntry), free(job->push), free(job->out);
  free(job->vert), free(job->frag), free(job->vertEntry), free(job->fragEntry);
  for (uint32_t i = 0; i < job->nbufs; i++) free(job->bufs[i].file);
  for (uint32_t i = 0; i < job->nattrs; i++) free(job->attrs[i].file);
}

static int has_ext(const VkExtensionProperties *exts, uint32_t n, const char *name) {
  for (uint32_t i = 0; i < n; i++)
    if (!strcmp(exts[i].extensionName, name)) return 1;
  return 0;
}

static VkShaderModule load_module(VkDevice dev, const char *path) {
  size_t codeLen;
  uint32_t *code = read_file(path, &codeLen);
  if (codeLen == 0 || codeLen % 4) die(1, "%s: size %zu is not a positive multiple of 4", path, codeLen);
  VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, codeLen, code};
  VkShaderModule module;
  VK(vkCreateShaderModule(dev, &smci, NULL, &module));
  free(code);
  return module;
}

static void print_vec3(const char *key, const uint32_t v[3]) { printf("%s=%u,%u,%u\n", key, v[0], v[1], v[2]); }

/* Group counts beyond the device's limits are the job's problem on this device, not a bad job. */
static void check_groups(const char *what, const uint32_t groups[3], const uint32_t max[3], uint32_t maxTotal) {
  for (int i = 0; i < 3; i++)
    if (groups[i] > max[i]) die(UNSUPPORTED, "groups[%d]=%u exceeds %s %u", i, groups[i], what, max[i]);
  unsigned long long total = (unsigned long long)groups[0] * groups[1] * groups[2];
  if (total > maxTotal) die(UNSUPPORTED, "groups %u*%u*%u exceed %s total %u", groups[0], groups[1], groups[2], what, maxTotal);
}

static void check_size(const char *stage, const uint32_t size[3], const uint32_t max[3], uint32_t maxInvocations) {
  unsigned long long n = (unsigned long long)size[0] * size[1] * size[2];
  if (n == 0) die(1, "%s workgroup size %ux%ux%u is empty", stage, size[0], size[1], size[2]);
  for (int i = 0; i < 3; i++)
    if (size[i] > max[i])
      die(UNSUPPORTED, "%s workgroup size %ux%ux%u: dimension %d exceeds this device's %u", stage, size[0], size[1], size[2], i, max[i]);
  if (n > maxInvocations)
    die(UNSUPPORTED, "%s workgroup size %ux%ux%u: %llu invocations exceed this device's %u", stage, size[0], size[1], size[2], n, maxInvocations);
}

static void print_version(const char *key, uint32_t v) {
  printf("%s=%u.%u.%u\n", key, VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v), VK_API_VERSION_PATCH(v));
}


/* An instance and a device with one queue of the flags a job needs, and what jobs check of it. */
typedef struct {
  int open;
  VkQueueFlags queueFlags;
  VkInstance instance;
  VkPhysicalDevice pd;
  VkPhysicalDeviceProperties props;
  uint32_t queueFamily, pdIndex, devVersion;
  VkDevice dev;
  VkQueue queue;
  int hasMesh, hasTask;
  VkPhysicalDeviceMeshShaderPropertiesEXT mp;
} Gpu;

static void open_gpu(Gpu *g, VkQueueFlags needQueue) {
  /* ---- instance ---- */
  uint32_t instVersion = VK_API_VERSION_1_0;
  PFN_vkEnumerateInstanceVersion enumVersion =
      (PFN_vkEnumerateInstanceVersion)vkGetInstanceProcAddr(NULL, "vkEnumerateInstanceVersion");
  if (enumVersion) VK(enumVersion(&instVersion));
  uint32_t apiVersion = instVersion >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3
                        : instVersion >= VK_API_VERSION_1_1 ? VK_API_VERSION_1_1 : VK_API_VERSION_1_0;
  uint32_t nInstExt = 0;
  VK(vkEnumerateInstanceExtensionProperties(NULL, &nInstExt, NULL));
  VkExtensionProperties *instExts = calloc(nInstExt + 1, sizeof *instExts);
  VK(vkEnumerateInstanceExtensionProperties(NULL, &nInstExt, instExts));
  const char *instExtNames[2];
  uint32_t nInstExtNames = 0;
  VkInstanceCreateFlags instFlags = 0;
  if (has_ext(instExts, nInstExt, "VK_KHR_portability_enumeration")) {
    instExtNames[nInstExtNames++] = "VK_KHR_portability_enumeration";
    instFlags |= 0x00000001; /* VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR */
  }
  if (apiVersion < VK_API_VERSION_1_1 && has_ext(instExts, nInstExt, "VK_KHR_get_physical_device_properties2"))
    instExtNames[nInstExtNames++] = "VK_KHR_get_physical_device_properties2";
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO, NULL, "spvrun", 1, NULL, 0, apiVersion};
  VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, NULL, instFlags, &app, 0, NULL,
                              nInstExtNames, instExtNames};
  VkInstance instance;
  VK(vkCreateInstance(&ici, NULL, &instance));

  /* ---- physical device ---- */
  uint32_t nPd = 0;
  VK(vkEnumeratePhysicalDevices(instance, &nPd, NULL));
  if (nPd == 0) die(2, "no Vulkan physical devices");
  VkPhysicalDevice *pds = calloc(nPd, sizeof *pds);
  VK(vkEnumeratePhysicalDevices(instance, &nPd, pds));
  const char *wantIndex = getenv("SPVRUN_DEVICE_INDEX"), *wantName = getenv("SPVRUN_DEVICE_NAME");
  if (wantIndex && !*wantIndex) wantIndex = NULL;
  if (wantName && !*wantName) wantName = NULL;
  VkPhysicalDevice pd = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties props;
  uint32_t queueFamily = 0, pdIndex = 0;
  for (uint32_t i = 0; i < nPd && !pd; i++) {
    vkGetPhysicalDeviceProperties(pds[i], &props);
    if (wantIndex && (uint32_t)atoi(wantIndex) != i) continue;
    if (wantName && !strstr(props.deviceName, wantName)) continue;
    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pds[i], &nq, NULL);
    VkQueueFamilyProperties *qf = calloc(nq, sizeof *qf);
    vkGetPhysicalDeviceQueueFamilyProperties(pds[i], &nq, qf);
    for (uint32_t q = 0; q < nq; q++)
      if (qf[q].queueFlags & needQueue) { pd = pds[i]; queueFamily = q; pdIndex = i; break; }
    free(qf);
  }
  if (!pd)
    die(needQueue == VK_QUEUE_GRAPHICS_BIT ? UNSUPPORTED : 2, "no physical device with a %s queue%s",
        needQueue == VK_QUEUE_GRAPHICS_BIT ? "graphics" : "compute", wantIndex || wantName ? " matches SPVRUN_DEVICE_*" : "");
  vkGetPhysicalDeviceProperties(pd, &props);
  uint32_t devVersion = props.apiVersion < apiVersion ? props.apiVersion : apiVersion;
  devVersion = VK_MAKE_API_VERSION(0, VK_API_VERSION_MAJOR(devVersion), VK_API_VERSION_MINOR(devVersion), 0);

  /* ---- features: enable everything the device reports, minus robustness ---- */
  VkPhysicalDeviceFeatures2 f2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features f11 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features f12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features f13 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDevice16BitStorageFeatures s16 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  void **tail = &f2.pNext;
  if (devVersion >= VK_API_VERSION_1_2) {
    *tail = &f11; tail = &f11.pNext;
    *tail = &f12; tail = &f12.pNext;
  } else if (devVersion >= VK_API_VERSION_1_1) {
    *tail = &s16; tail = &s16.pNext;
  }
  if (devVersion >= VK_API_VERSION_1_3) { *tail = &f13; tail = &f13.pNext; }
  uint32_t nDevExt = 0;
  VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &nDevExt, NULL));
  VkExtensionProperties *devExts = calloc(nDevExt + 1, sizeof *devExts);
  VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &nDevExt, devExts));
  /* Mesh shaders need SPIR-V 1.4, core from Vulkan 1.2; older devices are not offered them here. */
  VkPhysicalDeviceMeshShaderFeaturesEXT fmesh = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT};
  const int meshOffered = devVersion >= VK_API_VERSION_1_2 && has_ext(devExts, nDevExt, VK_EXT_MESH_SHADER_EXTENSION_NAME);
  if (meshOffered) { *tail = &fmesh; tail = &fmesh.pNext; }
  if (devVersion >= VK_API_VERSION_1_1) vkGetPhysicalDeviceFeatures2(pd, &f2);
  else vkGetPhysicalDeviceFeatures(pd, &f2.features);
  f2.features.robustBufferAccess = VK_FALSE;
  f11.protectedMemory = VK_FALSE;
  f13.robustImageAccess = VK_FALSE;
  /* multiviewMeshShader, primitiveFragmentShadingRateMeshShader and meshShaderQueries each need a
   * feature or extension that is not enabled here (multiview, fragment shading rate, queries). */
  fmesh.multiviewMeshShader = VK_FALSE;
  fmesh.primitiveFragmentShadingRateMeshShader = VK_FALSE;
  fmesh.meshShaderQueries = VK_FALSE;
  const int hasMesh = meshOffered && fmesh.meshShader, hasTask = hasMesh && fmesh.taskShader;

  /* ---- device ---- */
  const char *devExtNames[5];
  uint32_t nDevExtNames = 0;
  if (hasMesh) devExtNames[nDevExtNames++] = VK_EXT_MESH_SHADER_EXTENSION_NAME;
  if (has_ext(devExts, nDevExt, "VK_KHR_portability_subset")) devExtNames[nDevExtNames++] = "VK_KHR_portability_subset";
  if (devVersion < VK_API_VERSION_1_2 && has_ext(devExts, nDevExt, "VK_KHR_spirv_1_4") &&
      has_ext(devExts, nDevExt, "VK_KHR_shader_float_controls")) {
    devExtNames[nDevExtNames++] = "VK_KHR_spirv_1_4";
    devExtNames[nDevExtNames++] = "VK_KHR_shader_float_controls";
  }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, queueFamily, 1, &prio};
  VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, NULL, 0, 1, &qci, 0, NULL, nDevExtNames, devExtNames, NULL};
  if (devVersion >= VK_API_VERSION_1_1) dci.pNext = &f2;
  else dci.pEnabledFeatures = &f2.features;
  VkDevice dev;
  VK(vkCreateDevice(pd, &dci, NULL, &dev));
  VkQueue queue;
  vkGetDeviceQueue(dev, queueFamily, 0, &queue);

  VkPhysicalDeviceMeshShaderPropertiesEXT mp = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_PROPERTIES_EXT};
  if (hasMesh) {
    VkPhysicalDeviceProperties2 p2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &mp};
    vkGetPhysicalDeviceProperties2(pd, &p2);
  }
  free(instExts);
  free(pds);
  free(devExts);
  *g = (Gpu){1, needQueue, instance, pd, props, queueFamily, pdIndex, devVersion, dev, queue, hasMesh, hasTask, mp};
}

static void close_gpu(Gpu *g) {
  if (!g->open) return;
  vkDestroyDevice(g->dev, NULL);
  vkDestroyInstance(g->instance, NULL);
  g->open = 0;
}

static void print_gpu(const Gpu *g) {
  const VkPhysicalDeviceProperties props = g->props;
  const uint32_t pdIndex = g->pdIndex, devVersion = g->devVersion;
  const VkPhysicalDevice pd = g->pd;
  const int hasMesh = g->hasMesh, hasTask = g->hasTask;
  const VkPhysicalDeviceMeshShaderPropertiesEXT mp = g->mp;
  /* ---- report the device ---- */
  static const char *typeNames[] = {"other", "integrated-gpu", "discrete-gpu", "virtual-gpu", "cpu"};
  printf("deviceName=%s\ndeviceIndex=%u\ndeviceType=%s\n", props.deviceName, pdIndex,
         props.deviceType <= 4 ? typeNames[props.deviceType] : "unknown");
  print_version("apiVersion", devVersion);
  print_version("deviceApiVersion", props.apiVersion);
  if (devVersion >= VK_API_VERSION_1_2) {
    VkPhysicalDeviceDriverProperties drv = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 p2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &drv};
    vkGetPhysicalDeviceProperties2(pd, &p2);
    printf("driverName=%s\ndriverInfo=%s\n", drv.driverName, drv.driverInfo);
  }
  const VkPhysicalDeviceLimits *lim = &props.limits;
  print_vec3("maxComputeWorkGroupSize", lim->maxComputeWorkGroupSize);
  printf("maxComputeWorkGroupInvocations=%u\n", lim->maxComputeWorkGroupInvocations);
  print_vec3("maxComputeWorkGroupCount", lim->maxComputeWorkGroupCount);
  printf("meshShader=%d\ntaskShader=%d\n", hasMesh, hasTask);
  if (hasMesh) {
    print_vec3("maxMeshWorkGroupSize", mp.maxMeshWorkGroupSize);
    printf("maxMeshWorkGroupInvocations=%u\n", mp.maxMeshWorkGroupInvocations);
    print_vec3("maxMeshWorkGroupCount", mp.maxMeshWorkGroupCount);
    printf("maxMeshWorkGroupTotalCount=%u\n", mp.maxMeshWorkGroupTotalCount);
    print_vec3("maxTaskWorkGroupSize", mp.maxTaskWorkGroupSize);
    printf("maxTaskWorkGroupInvocations=%u\n", mp.maxTaskWorkGroupInvocations);
    print_vec3("maxTaskWorkGroupCount", mp.maxTaskWorkGroupCount);
    printf("maxTaskWorkGroupTotalCount=%u\n", mp.maxTaskWorkGroupTotalCount);
    printf("maxTaskPayloadSize=%u\n", mp.maxTaskPayloadSize);
  }
  fflush(stdout);
}

/* Memory of a type in `req` with every flag of `want`; `what` names the object for the error. */
static VkDeviceMemory alloc_memory(VkDevice dev, const VkPhysicalDeviceMemoryProperties *memProps, VkMemoryRequirements req,
                                   VkMemoryPropertyFlags want, const char *what, uint32_t index) {
  uint32_t type = UINT32_MAX;
  for (uint32_t t = 0; t < memProps->memoryTypeCount && type == UINT32_MAX; t++)
    if ((req.memoryTypeBits & (1u << t)) && (memProps->memoryTypes[t].propertyFlags & want) == want) type = t;
  if (type == UINT32_MAX) die(2, "no memory type with flags 0x%x for %s %u", (unsigned)want, what, index);
  VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size, type};
  VkDeviceMemory mem;
  VK(vkAllocateMemory(dev, &mai, NULL, &mem));
  return mem;
}

/* Runs `job` on `g`: every object it creates is destroyed before it returns. */
static void run_job(const Gpu *g, const Job *jp) {
  Job job = *jp;
  const VkDevice dev = g->dev;
  const VkPhysicalDevice pd = g->pd;
  const VkPhysicalDeviceProperties props = g->props;
  const VkPhysicalDeviceLimits *lim = &g->props.limits;
  const uint32_t queueFamily = g->queueFamily;
  const VkQueue queue = g->queue;
  const int hasMesh = g->hasMesh, hasTask = g->hasTask;
  const VkPhysicalDeviceMeshShaderPropertiesEXT mp = g->mp;
  /* ---- what the job needs of the device ---- */
  if (job.mesh && !hasMesh) die(UNSUPPORTED, "this device has no mesh shaders (VK_EXT_mesh_shader meshShader)");
  if (job.task && !hasTask) die(UNSUPPORTED, "this device has no task shaders (VK_EXT_mesh_shader taskShader)");
  for (uint32_t i = 0; i < job.ncolors; i++) {
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(pd, job.colors[i].format, &fp);
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT))
      die(UNSUPPORTED, "color attachment %u: this device cannot render to format %d", job.colors[i].location, (int)job.colors[i].format);
  }
  for (uint32_t i = 0; i < job.nattrs; i++) {
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(pd, job.attrs[i].format, &fp);
    if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT))
      die(UNSUPPORTED, "attribute %u: this device has no vertex format %d", job.attrs[i].location, (int)job.attrs[i].format);
  }
  if (job.vert) {
    if (job.width > lim->maxFramebufferWidth || job.height > lim->maxFramebufferHeight)
      die(UNSUPPORTED, "target %ux%u exceeds this device's framebuffer %ux%u", job.width, job.height, lim->maxFramebufferWidth, lim->maxFramebufferHeight);
  } else if (!job.mesh) {
    check_groups("maxComputeWorkGroupCount", job.groups, lim->maxComputeWorkGroupCount, UINT32_MAX);
    if (job.hasSize) check_size("compute", job.size, lim->maxComputeWorkGroupSize, lim->maxComputeWorkGroupInvocations);
  } else {
    if (job.task) check_groups("maxTaskWorkGroupCount", job.groups, mp.maxTaskWorkGroupCount, mp.maxTaskWorkGroupTotalCount);
    else check_groups("maxMeshWorkGroupCount", job.groups, mp.maxMeshWorkGroupCount, mp.maxMeshWorkGroupTotalCount);
    if (job.hasSize) check_size("mesh", job.size, mp.maxMeshWorkGroupSize, mp.maxMeshWorkGroupInvocations);
    if (job.hasTaskSize) check_size("task", job.taskSize, mp.maxTaskWorkGroupSize, mp.maxTaskWorkGroupInvocations);
  }

  /* ---- buffers ---- */
  jobStarted = 1;
  VkPhysicalDeviceMemoryProperties memProps;
  vkGetPhysicalDeviceMemoryProperties(pd, &memProps);
  const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (uint32_t i = 0; i < job.nbufs; i++) {
    Buffer *b = &job.bufs[i];
    const VkBufferUsageFlags usage = b->type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, b->size, usage, VK_SHARING_MODE_EXCLUSIVE, 0, NULL};
    VK(vkCreateBuffer(dev, &bci, NULL, &b->buf));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(dev, b->buf, &req);
    b->mem = alloc_memory(dev, &memProps, req, want, "buffer", i);
    VK(vkBindBufferMemory(dev, b->buf, b->mem, 0));
    VK(vkMapMemory(dev, b->mem, 0, b->size, 0, &b->map));
    memset(b->map, b->init == 1 ? (int)b->fill : 0, b->size);
    if (b->init == 2) {
      size_t len;
      void *data = read_file(b->file, &len);
      if (len > b->size) die(1, "init file %s (%zu bytes) larger than buffer (%llu bytes)", b->file, len, (unsigned long long)b->size);
      memcpy(b->map, data, len);
      free(data);
    }
  }

  /* ---- vertex buffers and color attachments of a draw ---- */
  for (uint32_t i = 0; i < job.nattrs; i++) {
    Attribute *at = &job.attrs[i];
    size_t len;
    void *data = read_file(at->file, &len);
    if (len == 0) die(1, "attribute %u: %s is empty", at->location, at->file);
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, len, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                              VK_SHARING_MODE_EXCLUSIVE, 0, NULL};
    VK(vkCreateBuffer(dev, &bci, NULL, &at->buf));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(dev, at->buf, &req);
    at->mem = alloc_memory(dev, &memProps, req, want, "attribute", at->location);
    VK(vkBindBufferMemory(dev, at->buf, at->mem, 0));
    void *map;
    VK(vkMapMemory(dev, at->mem, 0, len, 0, &map));
    memcpy(map, data, len);
    vkUnmapMemory(dev, at->mem);
    free(data);
  }
  for (uint32_t i = 0; i < job.ncolors; i++) {
    Color *c = &job.colors[i];
    VkImageCreateInfo ici = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, NULL, 0, VK_IMAGE_TYPE_2D, c->format, {job.width, job.height, 1}, 1, 1,
                             VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_TILING_OPTIMAL,
                             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_SHARING_MODE_EXCLUSIVE, 0, NULL,
                             VK_IMAGE_LAYOUT_UNDEFINED};
    VK(vkCreateImage(dev, &ici, NULL, &c->image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(dev, c->image, &req);
    c->mem = alloc_memory(dev, &memProps, req, 0, "color attachment", c->location);
    VK(vkBindImageMemory(dev, c->image, c->mem, 0));
    VkImageViewCreateInfo vci = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, NULL, 0, c->image, VK_IMAGE_VIEW_TYPE_2D, c->format,
                                 {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY},
                                 {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    VK(vkCreateImageView(dev, &vci, NULL, &c->view));
    const VkDeviceSize bytes = (VkDeviceSize)job.width * job.height * c->pixelSize;
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              VK_SHARING_MODE_EXCLUSIVE, 0, NULL};
    VK(vkCreateBuffer(dev, &bci, NULL, &c->readback));
    vkGetBufferMemoryRequirements(dev, c->readback, &req);
    c->readbackMem = alloc_memory(dev, &memProps, req, want, "color readback", c->location);
    VK(vkBindBufferMemory(dev, c->readback, c->readbackMem, 0));
    VK(vkMapMemory(dev, c->readbackMem, 0, bytes, 0, &c->map));
  }

  /* Every resource is visible to every stage of the pipeline. */
  const VkShaderStageFlags stages = job.vert   ? VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT
                                    : !job.mesh ? VK_SHADER_STAGE_COMPUTE_BIT
                                                : VK_SHADER_STAGE_MESH_BIT_EXT | (job.task ? VK_SHADER_STAGE_TASK_BIT_EXT : 0);
  const VkPipelineBindPoint bindPoint = job.mesh || job.vert ? VK_PIPELINE_BIND_POINT_GRAPHICS : VK_PIPELINE_BIND_POINT_COMPUTE;

  /* ---- descriptor sets ---- */
  uint32_t nsets = 0;
  for (uint32_t i = 0; i < job.nbufs; i++)
    if (job.bufs[i].set + 1 > nsets) nsets = job.bufs[i].set + 1;
  VkDescriptorSetLayout layouts[MAX_SETS];
  VkDescriptorSet sets[MAX_SETS];
  for (uint32_t s = 0; s < nsets; s++) {
    VkDescriptorSetLayoutBinding lb[MAX_BUFFERS];
    uint32_t n = 0;
    for (uint32_t i = 0; i < job.nbufs; i++)
      if (job.bufs[i].set == s)
        lb[n++] = (VkDescriptorSetLayoutBinding){job.bufs[i].binding, job.bufs[i].type, 1, stages, NULL};
    VkDescriptorSetLayoutCreateInfo lci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, NULL, 0, n, lb};
    VK(vkCreateDescriptorSetLayout(dev, &lci, NULL, &layouts[s]));
  }
  VkDescriptorPool pool = VK_NULL_HANDLE;
  if (nsets) {
    VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 0}};
    for (uint32_t i = 0; i < job.nbufs; i++) ps[job.bufs[i].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER].descriptorCount++;
    /* A pool size may not be 0: one with none of a type is left out. */
    const uint32_t nps = ps[0].descriptorCount && ps[1].descriptorCount ? 2 : 1;
    if (!ps[0].descriptorCount) ps[0] = ps[1];
    VkDescriptorPoolCreateInfo pci = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, NULL, 0, nsets, nps, ps};
    VK(vkCreateDescriptorPool(dev, &pci, NULL, &pool));
    VkDescriptorSetAllocateInfo dai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, NULL, pool, nsets, layouts};
    VK(vkAllocateDescriptorSets(dev, &dai, sets));
    VkDescriptorBufferInfo infos[MAX_BUFFERS];
    VkWriteDescriptorSet writes[MAX_BUFFERS];
    for (uint32_t i = 0; i < job.nbufs; i++) {
      infos[i] = (VkDescriptorBufferInfo){job.bufs[i].buf, 0, VK_WHOLE_SIZE};
      writes[i] = (VkWriteDescriptorSet){VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, sets[job.bufs[i].set],
                                         job.bufs[i].binding, 0, 1, job.bufs[i].type, NULL, &infos[i], NULL};
    }
    vkUpdateDescriptorSets(dev, job.nbufs, writes, 0, NULL);
  }

  /* ---- pipeline ---- */
  size_t pushLen = 0;
  void *pushData = NULL;
  if (job.push) {
    pushData = read_file(job.push, &pushLen);
    if (pushLen % 4 || pushLen > props.limits.maxPushConstantsSize)
      die(1, "push constants: %zu bytes (must be a multiple of 4, <= %u)", pushLen, props.limits.maxPushConstantsSize);
  }
  VkPushConstantRange pcr = {stages, 0, (uint32_t)pushLen};
  VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, NULL, 0, nsets, layouts,
                                     pushLen ? 1u : 0u, &pcr};
  VkPipelineLayout playout;
  VK(vkCreatePipelineLayout(dev, &plci, NULL, &playout));

  VkSpecializationInfo spec = {job.nspecs, job.specMap, job.nspecs * 4u, job.specData};
  VkPipeline pipeline;
  VkShaderModule modules[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
  VkRenderPass renderPass = VK_NULL_HANDLE;
  VkFramebuffer framebuffer = VK_NULL_HANDLE;
  /* A draw's subpass writes color attachment k to fragment output location k; locations with no
   * attachment are VK_ATTACHMENT_UNUSED, and the blend state has an entry for each location. */
  uint32_t nlocations = 0;
  for (uint32_t i = 0; i < job.ncolors; i++)
    if (job.colors[i].location + 1 > nlocations) nlocations = job.colors[i].location + 1;
  if (job.vert) {
    VkAttachmentDescription ad[MAX_COLORS];
    VkAttachmentReference refs[MAX_COLORS];
    VkImageView views[MAX_COLORS];
    VkPipelineColorBlendAttachmentState blend[MAX_COLORS];
    for (uint32_t l = 0; l < nlocations; l++) {
      refs[l] = (VkAttachmentReference){VK_ATTACHMENT_UNUSED, VK_IMAGE_LAYOUT_UNDEFINED};
      blend[l] = (VkPipelineColorBlendAttachmentState){VK_FALSE};
      blend[l].colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
    }
    for (uint32_t i = 0; i < job.ncolors; i++) {
      /* Cleared to zero before the draw; kept in the layout the copy to the readback buffer reads. */
      ad[i] = (VkAttachmentDescription){0, job.colors[i].format, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_CLEAR,
                                        VK_ATTACHMENT_STORE_OP_STORE, VK_ATTACHMENT_LOAD_OP_DONT_CARE, VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                        VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
      refs[job.colors[i].location] = (VkAttachmentReference){i, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
      views[i] = job.colors[i].view;
    }
    VkSubpassDescription sub = {0, VK_PIPELINE_BIND_POINT_GRAPHICS, 0, NULL, nlocations, refs, NULL, NULL, 0, NULL};
    /* The copy to the readback buffers waits for the attachment writes (and the layout change). */
    VkSubpassDependency dep = {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                               VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT, 0};
    VkRenderPassCreateInfo rpci = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, NULL, 0, job.ncolors, ad, 1, &sub, 1, &dep};
    VK(vkCreateRenderPass(dev, &rpci, NULL, &renderPass));
    VkFramebufferCreateInfo fbci = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, NULL, 0, renderPass, job.ncolors, views,
                                    job.width, job.height, 1};
    VK(vkCreateFramebuffer(dev, &fbci, NULL, &framebuffer));
    modules[0] = load_module(dev, job.vert);
    modules[1] = load_module(dev, job.frag);
    VkPipelineShaderStageCreateInfo st[2] = {
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_VERTEX_BIT, modules[0], job.vertEntry,
         job.nspecs ? &spec : NULL},
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_FRAGMENT_BIT, modules[1], job.fragEntry,
         job.nspecs ? &spec : NULL},
    };
    VkVertexInputBindingDescription vb[MAX_ATTRIBUTES];
    VkVertexInputAttributeDescription va[MAX_ATTRIBUTES];
    for (uint32_t i = 0; i < job.nattrs; i++) {
      vb[i] = (VkVertexInputBindingDescription){i, job.attrs[i].stride, VK_VERTEX_INPUT_RATE_VERTEX};
      va[i] = (VkVertexInputAttributeDescription){job.attrs[i].location, i, job.attrs[i].format, 0};
    }
    VkPipelineVertexInputStateCreateInfo vis = {VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO, NULL, 0, job.nattrs, vb,
                                                job.nattrs, va};
    VkPipelineInputAssemblyStateCreateInfo ias = {VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, NULL, 0,
                                                  VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_FALSE};
    VkViewport viewport = {0.0f, 0.0f, (float)job.width, (float)job.height, 0.0f, 1.0f};
    VkRect2D scissor = {{0, 0}, {job.width, job.height}};
    VkPipelineViewportStateCreateInfo vps = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, NULL, 0, 1, &viewport, 1, &scissor};
    VkPipelineRasterizationStateCreateInfo rs = {VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    rs.polygonMode = VK_POLYGON_MODE_FILL;
    rs.cullMode = VK_CULL_MODE_NONE;
    rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    rs.lineWidth = 1.0f;
    VkPipelineMultisampleStateCreateInfo ms = {VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendStateCreateInfo cbs = {VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    cbs.attachmentCount = nlocations;
    cbs.pAttachments = blend;
    VkGraphicsPipelineCreateInfo gpci = {VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gpci.stageCount = 2;
    gpci.pStages = st;
    gpci.pVertexInputState = &vis;
    gpci.pInputAssemblyState = &ias;
    gpci.pViewportState = &vps;
    gpci.pRasterizationState = &rs;
    gpci.pMultisampleState = &ms;
    gpci.pColorBlendState = &cbs;
    gpci.layout = playout;
    gpci.renderPass = renderPass;
    gpci.basePipelineIndex = -1;
    VK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &gpci, NULL, &pipeline));
  } else if (!job.mesh) {
    modules[0] = load_module(dev, job.spv);
    VkComputePipelineCreateInfo cpci = {
        VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, NULL, 0,
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_COMPUTE_BIT, modules[0],
         job.entry, job.nspecs ? &spec : NULL},
        playout, VK_NULL_HANDLE, -1};
    VK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));
  } else {
    /* A subpass without attachments and a 1x1 framebuffer: the mesh stage only writes buffers, and
     * rasterizer discard means no viewport, multisample, depth or blend state is read. */
    VkSubpassDescription sub = {0, VK_PIPELINE_BIND_POINT_GRAPHICS, 0, NULL, 0, NULL, NULL, NULL, 0, NULL};
    VkRenderPassCreateInfo rpci = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, NULL, 0, 0, NULL, 1, &sub, 0, NULL};
    VK(vkCreateRenderPass(dev, &rpci, NULL, &renderPass));
    VkFramebufferCreateInfo fbci = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, NULL, 0, renderPass, 0, NULL, 1, 1, 1};
    VK(vkCreateFramebuffer(dev, &fbci, NULL, &framebuffer));
    VkPipelineShaderStageCreateInfo st[2];
    uint32_t nst = 0;
    if (job.task) {
      modules[1] = load_module(dev, job.task);
      st[nst++] = (VkPipelineShaderStageCreateInfo){VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
                                                    VK_SHADER_STAGE_TASK_BIT_EXT, modules[1], job.taskEntry,
                                                    job.nspecs ? &spec : NULL};
    }
    modules[0] = load_module(dev, job.mesh);
    st[nst++] = (VkPipelineShaderStageCreateInfo){VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
                                                  VK_SHADER_STAGE_MESH_BIT_EXT, modules[0], job.entry,
                                                  job.nspecs ? &spec : NULL};
    VkPipelineRasterizationStateCreateInfo rs = {VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    rs.rasterizerDiscardEnable = VK_TRUE;
    rs.polygonMode = VK_POLYGON_MODE_FILL;
    rs.cullMode = VK_CULL_MODE_NONE;
    rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    rs.lineWidth = 1.0f;
    VkGraphicsPipelineCreateInfo gpci = {VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gpci.stageCount = nst;
    gpci.pStages = st;
    gpci.pRasterizationState = &rs;
    gpci.layout = playout;
    gpci.renderPass = renderPass;
    gpci.basePipelineIndex = -1;
    VK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &gpci, NULL, &pipeline));
  }

  /* ---- record, submit, wait ---- */
  VkCommandPoolCreateInfo cpoolci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, NULL, 0, queueFamily};
  VkCommandPool cpool;
  VK(vkCreateCommandPool(dev, &cpoolci, NULL, &cpool));
  VkCommandBufferAllocateInfo cbai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, cpool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
  VkCommandBuffer cmd;
  VK(vkAllocateCommandBuffers(dev, &cbai, &cmd));
  VkCommandBufferBeginInfo cbbi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL,
                                   VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, NULL};
  VK(vkBeginCommandBuffer(cmd, &cbbi));
  vkCmdBindPipeline(cmd, bindPoint, pipeline);
  if (nsets) vkCmdBindDescriptorSets(cmd, bindPoint, playout, 0, nsets, sets, 0, NULL);
  if (pushLen) vkCmdPushConstants(cmd, playout, stages, 0, (uint32_t)pushLen, pushData);
  VkPipelineStageFlags writers = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
  VkAccessFlags written = VK_ACCESS_SHADER_WRITE_BIT;
  if (job.vert) {
    VkClearValue clears[MAX_COLORS];
    memset(clears, 0, sizeof clears);
    VkRenderPassBeginInfo rpbi = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, NULL, renderPass, framebuffer,
                                  {{0, 0}, {job.width, job.height}}, job.ncolors, clears};
    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    VkBuffer vbufs[MAX_ATTRIBUTES];
    VkDeviceSize voffsets[MAX_ATTRIBUTES];
    for (uint32_t i = 0; i < job.nattrs; i++) vbufs[i] = job.attrs[i].buf, voffsets[i] = 0;
    if (job.nattrs) vkCmdBindVertexBuffers(cmd, 0, job.nattrs, vbufs, voffsets);
    vkCmdDraw(cmd, job.vertexCount, job.instanceCount, 0, 0);
    vkCmdEndRenderPass(cmd);
    for (uint32_t i = 0; i < job.ncolors; i++) {
      VkBufferImageCopy region = {0, 0, 0, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, {0, 0, 0}, {job.width, job.height, 1}};
      vkCmdCopyImageToBuffer(cmd, job.colors[i].image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, job.colors[i].readback, 1, &region);
    }
    writers = VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
    written |= VK_ACCESS_TRANSFER_WRITE_BIT;
  } else if (!job.mesh) {
    vkCmdDispatch(cmd, job.groups[0], job.groups[1], job.groups[2]);
  } else {
    PFN_vkCmdDrawMeshTasksEXT drawMeshTasks = (PFN_vkCmdDrawMeshTasksEXT)vkGetDeviceProcAddr(dev, "vkCmdDrawMeshTasksEXT");
    if (!drawMeshTasks) die(2, "vkGetDeviceProcAddr(vkCmdDrawMeshTasksEXT) returned NULL");
    VkRenderPassBeginInfo rpbi = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, NULL, renderPass, framebuffer, {{0, 0}, {1, 1}}, 0, NULL};
    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    drawMeshTasks(cmd, job.groups[0], job.groups[1], job.groups[2]);
    vkCmdEndRenderPass(cmd);
    writers = VK_PIPELINE_STAGE_MESH_SHADER_BIT_EXT | (job.task ? VK_PIPELINE_STAGE_TASK_SHADER_BIT_EXT : 0);
  }
  VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, written, VK_ACCESS_HOST_READ_BIT};
  vkCmdPipelineBarrier(cmd, writers, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
  VK(vkEndCommandBuffer(cmd));
  VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  VK(vkCreateFence(dev, &fci, NULL, &fence));
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &cmd, 0, NULL};
  VK(vkQueueSubmit(queue, 1, &si, fence));
  const char *tmo = getenv("SPVRUN_TIMEOUT_MS");
  uint64_t timeoutNs = (uint64_t)(tmo && *tmo ? strtoull(tmo, NULL, 10) : 60000ull) * 1000000ull;
  VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, timeoutNs));

  /* ---- output ---- */
  FILE *out = fopen(job.out, "wb");
  if (!out) die(1, "cannot open %s for writing", job.out);
  for (uint32_t i = 0; i < job.nbufs; i++)
    if (fwrite(job.bufs[i].map, 1, job.bufs[i].size, out) != job.bufs[i].size) die(1, "write to %s failed", job.out);
  for (uint32_t i = 0; i < job.ncolors; i++) {
    const size_t bytes = (size_t)job.width * job.height * job.colors[i].pixelSize;
    if (fwrite(job.colors[i].map, 1, bytes, out) != bytes) die(1, "write to %s failed", job.out);
  }
  if (fclose(out)) die(1, "write to %s failed", job.out);

  /* ---- teardown ---- */
  vkDestroyFence(dev, fence, NULL);
  vkDestroyCommandPool(dev, cpool, NULL);
  vkDestroyPipeline(dev, pipeline, NULL);
  for (int i = 0; i < 2; i++)
    if (modules[i]) vkDestroyShaderModule(dev, modules[i], NULL);
  if (framebuffer) vkDestroyFramebuffer(dev, framebuffer, NULL);
  if (renderPass) vkDestroyRenderPass(dev, renderPass, NULL);
  vkDestroyPipelineLayout(dev, playout, NULL);
  if (pool) vkDestroyDescriptorPool(dev, pool, NULL);
  for (uint32_t s = 0; s < nsets; s++) vkDestroyDescriptorSetLayout(dev, layouts[s], NULL);
  for (uint32_t i = 0; i < job.nbufs; i++) {
    vkUnmapMemory(dev, job.bufs[i].mem);
    vkDestroyBuffer(dev, job.bufs[i].buf, NULL);
    vkFreeMemory(dev, job.bufs[i].mem, NULL);
  }
  for (uint32_t i = 0; i < job.nattrs; i++) {
    vkDestroyBuffer(dev, job.attrs[i].buf, NULL);
    vkFreeMemory(dev, job.attrs[i].mem, NULL);
  }
  for (uint32_t i = 0; i < job.ncolors; i++) {
    Color *c = &job.colors[i];
    vkDestroyImageView(dev, c->view, NULL);
    vkDestroyImage(dev, c->image, NULL);
    vkFreeMemory(dev, c->mem, NULL);
    vkUnmapMemory(dev, c->readbackMem);
    vkDestroyBuffer(dev, c->readback, NULL);
    vkFreeMemory(dev, c->readbackMem, NULL);
  }
  free(pushData);
  jobStarted = 0;
}

/* Mesh pipelines and draws are graphics pipelines: they need a queue family with graphics. */
static VkQueueFlags queue_for(const Job *job) { return job->mesh || job->vert ? VK_QUEUE_GRAPHICS_BIT : VK_QUEUE_COMPUTE_BIT; }

/* --serve: a device for compute jobs and one for graphics jobs, each opened when a job first needs it. */
static int serve(void) {
  serving = 1;
  /* Static: both change between setjmp and a longjmp back to it, which an automatic variable may not. */
  static Gpu gpus[2];
  static Job job;
  char path[4096];
  while (fgets(path, sizeof path, stdin)) {
    size_t l = strlen(path);
    while (l && (path[l - 1] == '\n' || path[l - 1] == '\r')) path[--l] = 0;
    if (!l) continue;
    memset(&job, 0, sizeof job);
    if (setjmp(jobFailed)) {
      free_job(&job);
      continue;
    }
    parse_job(path, &job);
    Gpu *g = &gpus[queue_for(&job) == VK_QUEUE_GRAPHICS_BIT ? 1 : 0];
    if (!g->open) open_gpu(g, queue_for(&job));
    run_job(g, &job);
    free_job(&job);
    fputs("ok\n", stdout);
    fflush(stdout);
  }
  close_gpu(&gpus[0]);
  close_gpu(&gpus[1]);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) die(1, "usage: spvrun JOBFILE | spvrun --info | spvrun --serve");
  if (!strcmp(argv[1], "--serve")) return serve();
  const int infoOnly = !strcmp(argv[1], "--info");
  Job job;
  memset(&job, 0, sizeof job);
  if (!infoOnly) parse_job(argv[1], &job);
  Gpu g;
  open_gpu(&g, infoOnly ? VK_QUEUE_COMPUTE_BIT : queue_for(&job));
  print_gpu(&g);
  if (!infoOnly) run_job(&g, &job);
  free_job(&job);
  close_gpu(&g);
  return 0;
}
