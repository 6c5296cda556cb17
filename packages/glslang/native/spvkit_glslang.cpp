// The C entry of @spvkit/glslang: one call compiles one GLSL shader to SPIR-V the way
// `glslangValidator -V` does, with the options the TypeScript side passes as plain integers and
// strings.
//
// It is written in C++ over glslang's public C++ API (glslang/Public/ShaderLang.h) rather than over
// its C interface (glslang_c_interface.h) because the C interface cannot do three things that
// glslangValidator does and our users rely on: name the source string (so messages and -g debug
// info carry the file name instead of "0"), turn on the front end's extra debug bookkeeping that
// NonSemantic.Shader.DebugInfo needs (TShader::setDebugInfo, for -gV), and parse with an includer
// (the C interface preprocesses to text and parses that again, a path glslang itself calls "not
// officially supported"). The functions below are extern "C", so the boundary stays a C one.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "SPIRV/GlslangToSpv.h"
#include "SPIRV/Logger.h"
#include "glslang/Public/ResourceLimits.h"
#include "glslang/Public/ShaderLang.h"

// Asks JavaScript (the `spvkitInclude` function the loader puts on the module) to resolve an
// #include. kind: 0 for "name" (local), 1 for <name> (system). Returns 0 when JavaScript has no
// include function; otherwise a malloc'd block the caller frees:
//   u32 found (1) or failed (0), u32 name length, u32 text length, name bytes, text bytes
// where, when failed, the text is the reason shown in the #include error.
EM_JS(uint8_t*, spvkit_js_include, (int kind, const char* name, const char* includer, int depth), {
  return Module['spvkitInclude'](kind, name, includer, depth);
});

namespace {

// Status codes shared with src/native.ts.
enum Status : int {
  kOk = 0,
  kCompileFailed = 1,
  kLinkFailed = 2,
  kBadArguments = 3,
};

struct Result {
  int status = kBadArguments;
  std::vector<unsigned int> words;
  std::string log;
};

uint32_t readU32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Resolves #include through JavaScript. A "name" that JavaScript could not resolve is not asked
// for again as <name> (glslang tries the system search after a failed local one): the JavaScript
// side already applies the whole search order, and asking twice would replace its reason with a
// second, less precise one.
class JsIncluder : public glslang::TShader::Includer {
 public:
  IncludeResult* includeLocal(const char* headerName, const char* includerName, size_t depth) override {
    IncludeResult* result = ask(0, headerName, includerName, depth);
    if (result == nullptr || result->headerName.empty()) {
      lastLocalFailure_ = headerName;
      lastLocalReason_ = result != nullptr ? std::string(result->headerData, result->headerLength) : std::string();
    } else {
      lastLocalFailure_.clear();
    }
    return result;
  }

  IncludeResult* includeSystem(const char* headerName, const char* includerName, size_t depth) override {
    if (!lastLocalFailure_.empty() && lastLocalFailure_ == headerName) {
      lastLocalFailure_.clear();
      return failure(lastLocalReason_.empty() ? std::string("not found") : lastLocalReason_);
    }
    return ask(1, headerName, includerName, depth);
  }

  void releaseInclude(IncludeResult* result) override {
    if (result == nullptr) return;
    delete static_cast<std::string*>(result->userData);
    delete result;
  }

 private:
  static IncludeResult* failure(const std::string& reason) {
    auto* text = new std::string(reason);
    return new IncludeResult(std::string(), text->data(), text->size(), text);
  }

  static IncludeResult* ask(int kind, const char* headerName, const char* includerName, size_t depth) {
    uint8_t* block = spvkit_js_include(kind, headerName, includerName, static_cast<int>(depth));
    if (block == nullptr) return failure("no include function was given to compile()");
    const uint32_t found = readU32(block);
    const uint32_t nameLength = readU32(block + 4);
    const uint32_t textLength = readU32(block + 8);
    const char* name = reinterpret_cast<const char*>(block + 12);
    auto* text = new std::string(name + nameLength, textLength);
    std::string resolvedName(name, nameLength);
    std::free(block);
    if (found == 0 || resolvedName.empty()) {
      return new IncludeResult(std::string(), text->data(), text->size(), text);
    }
    return new IncludeResult(resolvedName, text->data(), text->size(), text);
  }

  std::string lastLocalFailure_;
  std::string lastLocalReason_;
};

bool processInitialized = false;

}  // namespace

extern "C" {

/** glslang's version as "major.minor.patch" (from its CHANGES.md at build time). */
EMSCRIPTEN_KEEPALIVE const char* spvkit_glslang_version() {
  static std::string text;
  if (text.empty()) {
    const glslang::Version v = glslang::GetVersion();
    text = std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
    if (v.flavor != nullptr && v.flavor[0] != '\0') text += std::string("-") + v.flavor;
  }
  return text.c_str();
}

/**
 * Compiles one shader. source: sourceLength bytes of UTF-8 (given with its length, so a NUL in it
 * is a character glslang reports, not the end). stage: an EShLanguage value (0 vertex … 13 mesh).
 * vulkanMinor: 0–4 for Vulkan 1.0–1.4. spirvMinor: 0–6 for SPIR-V 1.0–1.6. debug: 0 none, 1 -g,
 * 2 -gV, 3 -gVS. preamble: text placed before the source (the defines), may be empty. Never
 * returns null; the caller frees the result with spvkit_result_free.
 */
EMSCRIPTEN_KEEPALIVE Result* spvkit_glslang_compile(const char* source, int sourceLength, const char* file,
                                                    const char* preamble, int stage, int vulkanMinor,
                                                    int spirvMinor, int debug) {
  auto* result = new Result();
  if (stage < 0 || stage >= EShLangCount || vulkanMinor < 0 || vulkanMinor > 4 || spirvMinor < 0 ||
      spirvMinor > 6 || debug < 0 || debug > 3 || source == nullptr || sourceLength < 0 || file == nullptr) {
    result->log = "ERROR: spvkit_glslang_compile: arguments out of range\n";
    return result;
  }
  if (!processInitialized) {
    glslang::InitializeProcess();
    processInitialized = true;
  }

  const auto language = static_cast<EShLanguage>(stage);
  const auto client = static_cast<glslang::EShTargetClientVersion>((1 << 22) | (vulkanMinor << 12));
  const auto target = static_cast<glslang::EShTargetLanguageVersion>((1 << 16) | (spirvMinor << 8));

  // The messages glslangValidator -V uses, plus the column in every location.
  auto messages = static_cast<EShMessages>(EShMsgSpvRules | EShMsgVulkanRules | EShMsgDisplayErrorColumn);
  if (debug > 0) messages = static_cast<EShMessages>(messages | EShMsgDebugInfo);

  {
    glslang::TShader shader(language);
    const char* strings[] = {source};
    const int lengths[] = {sourceLength};
    const char* names[] = {file};
    shader.setStringsWithLengthsAndNames(strings, lengths, names, 1);
    if (preamble != nullptr && preamble[0] != '\0') shader.setPreamble(preamble);
    // 100: the client input semantics version glslangValidator -V passes (#define VULKAN 100).
    shader.setEnvInput(glslang::EShSourceGlsl, language, glslang::EShClientVulkan, 100);
    shader.setEnvClient(glslang::EShClientVulkan, client);
    shader.setEnvTarget(glslang::EShTargetSpv, target);
    if (debug >= 2) shader.setDebugInfo(true);

    JsIncluder includer;
    // 100 / no forward compatibility: glslangValidator's defaults for a shader without #version.
    const bool parsed = shader.parse(GetDefaultResources(), 100, false, messages, includer);
    result->log += shader.getInfoLog();
    result->log += shader.getInfoDebugLog();
    if (!parsed) {
      result->status = kCompileFailed;
      return result;
    }

    glslang::TProgram program;
    program.addShader(&shader);
    const bool linked = program.link(messages) && program.mapIO();
    result->log += program.getInfoLog();
    result->log += program.getInfoDebugLog();
    if (!linked) {
      result->status = kLinkFailed;
      return result;
    }

    glslang::SpvOptions options;
    options.generateDebugInfo = debug > 0;
    options.emitNonSemanticShaderDebugInfo = debug >= 2;
    options.emitNonSemanticShaderDebugSource = debug >= 3;
    // No spirv-opt in this build (ENABLE_OPT=OFF), as glslangValidator without -O* does not run it.
    options.disableOptimizer = true;
    spv::SpvBuildLogger logger;
    glslang::GlslangToSpv(*program.getIntermediate(language), result->words, &logger, &options);
    result->log += logger.getAllMessages();
  }
  result->status = kOk;
  return result;
}

EMSCRIPTEN_KEEPALIVE int spvkit_result_status(const Result* result) { return result->status; }
EMSCRIPTEN_KEEPALIVE const unsigned int* spvkit_result_words(const Result* result) { return result->words.data(); }
EMSCRIPTEN_KEEPALIVE size_t spvkit_result_word_count(const Result* result) { return result->words.size(); }
EMSCRIPTEN_KEEPALIVE const char* spvkit_result_log(const Result* result) { return result->log.c_str(); }
EMSCRIPTEN_KEEPALIVE void spvkit_result_free(Result* result) { delete result; }

}  // extern "C"
