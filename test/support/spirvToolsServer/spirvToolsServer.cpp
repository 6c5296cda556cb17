// One process that answers what the suites ask Debian's spirv-val and spirv-as many thousand
// times: the same SPIRV-Tools library those tools are built from (libSPIRV-Tools.a of the
// spirv-tools package), called in a loop. A spirv-val process costs about 10 ms to start, and a
// run of the suites starts one for each of some 20,000 modules; here each costs the validation.
//
// What it prints is what the tools print: spirv-val's messages as its command-line consumer
// writes them, spirv-as's diagnostic as spvDiagnosticPrint writes it. spirvToolsServer.test.ts
// holds the two to the tools themselves, module for module.
//
// Protocol, on stdin and stdout:
//   request:  "val <target-env> <flags, comma-separated or -> <byte count>\n" and the module's bytes
//             "as <target-env> <byte count>\n" and the assembly text
//   answer:   "<exit status> <output byte count> <message byte count>\n", the output (spirv-as's
//             binary; nothing for val), the message (stdout's lines, then stderr's)
//   An unknown flag or target env answers exit status 256 and says which.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "spirv-tools/libspirv.h"
#include "spirv-tools/libspirv.hpp"

namespace {

bool readExact(std::vector<char>& into, size_t n) {
  into.resize(n);
  return n == 0 || fread(into.data(), 1, n, stdin) == n;
}

void answer(int status, const std::vector<char>& output, const std::string& message) {
  printf("%d %zu %zu\n", status, output.size(), message.size());
  if (!output.empty()) fwrite(output.data(), 1, output.size(), stdout);
  fwrite(message.data(), 1, message.size(), stdout);
  fflush(stdout);
}

// The options spirv-val takes that change a verdict; false for one it does not know.
bool applyFlag(const std::string& flag, spv_validator_options options) {
  if (flag == "--relax-block-layout") spvValidatorOptionsSetRelaxBlockLayout(options, true);
  else if (flag == "--uniform-buffer-standard-layout") spvValidatorOptionsSetUniformBufferStandardLayout(options, true);
  else if (flag == "--scalar-block-layout") spvValidatorOptionsSetScalarBlockLayout(options, true);
  else if (flag == "--workgroup-scalar-block-layout") spvValidatorOptionsSetWorkgroupScalarBlockLayout(options, true);
  else if (flag == "--skip-block-layout") spvValidatorOptionsSetSkipBlockLayout(options, true);
  else if (flag == "--relax-logical-pointer") spvValidatorOptionsSetRelaxLogicalPointer(options, true);
  else if (flag == "--relax-struct-store") spvValidatorOptionsSetRelaxStoreStruct(options, true);
  else if (flag == "--before-hlsl-legalization") {
    spvValidatorOptionsSetBeforeHlslLegalization(options, true);
    spvValidatorOptionsSetRelaxLogicalPointer(options, true);
  } else if (flag == "--allow-localsizeid") spvValidatorOptionsSetAllowLocalSizeId(options, true);
  else return false;
  return true;
}

void validate(const std::string& envName, const std::string& flags, const std::vector<char>& bytes) {
  spv_target_env env;
  if (!spvParseTargetEnv(envName.c_str(), &env)) return answer(256, {}, "unknown target env " + envName);
  spvtools::ValidatorOptions options;
  if (flags != "-") {
    size_t start = 0;
    while (start <= flags.size()) {
      size_t end = flags.find(',', start);
      if (end == std::string::npos) end = flags.size();
      std::string flag = flags.substr(start, end - start);
      if (!applyFlag(flag, options)) return answer(256, {}, "unknown flag " + flag);
      start = end + 1;
    }
  }
  std::string out, err;
  spvtools::SpirvTools tools(env);
  tools.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t& position, const char* message) {
    switch (level) {
      case SPV_MSG_FATAL:
      case SPV_MSG_INTERNAL_ERROR:
      case SPV_MSG_ERROR:
        err += "error: line " + std::to_string(position.index) + ": " + message + "\n";
        break;
      case SPV_MSG_WARNING:
        out += "warning: line " + std::to_string(position.index) + ": " + message + "\n";
        break;
      case SPV_MSG_INFO:
        out += "info: line " + std::to_string(position.index) + ": " + message + "\n";
        break;
      default:
        break;
    }
  });
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!bytes.empty()) memcpy(words.data(), bytes.data(), words.size() * 4);
  const bool ok = tools.Validate(words.data(), words.size(), options);
  answer(ok ? 0 : 1, {}, out + err);
}

void assemble(const std::string& envName, const std::vector<char>& text) {
  spv_target_env env;
  if (!spvParseTargetEnv(envName.c_str(), &env)) return answer(256, {}, "unknown target env " + envName);
  spv_context context = spvContextCreate(env);
  spv_binary binary = nullptr;
  spv_diagnostic diagnostic = nullptr;
  const spv_result_t result = spvTextToBinaryWithOptions(context, text.data(), text.size(), SPV_TEXT_TO_BINARY_OPTION_NONE, &binary, &diagnostic);
  std::vector<char> output;
  std::string message;
  if (result == SPV_SUCCESS) {
    output.resize(binary->wordCount * 4);
    memcpy(output.data(), binary->code, output.size());
  } else if (diagnostic != nullptr) {
    // As spvDiagnosticPrint writes it.
    if (diagnostic->isTextSource)
      message = "error: " + std::to_string(diagnostic->position.line + 1) + ": " + std::to_string(diagnostic->position.column + 1) + ": " + diagnostic->error + "\n";
    else
      message = "error: " + std::to_string(diagnostic->position.index) + ": " + diagnostic->error + "\n";
  }
  spvBinaryDestroy(binary);
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(context);
  // spirv-as exits with the result code, as a byte.
  answer(result == SPV_SUCCESS ? 0 : static_cast<int>(result) & 0xff, output, message);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("%s\n", spvSoftwareVersionDetailsString());
    return 0;
  }
  char header[512];
  std::vector<char> body;
  while (fgets(header, sizeof header, stdin) != nullptr) {
    char env[64], flags[400];
    size_t count = 0;
    if (sscanf(header, "val %63s %399s %zu", env, flags, &count) == 3) {
      if (!readExact(body, count)) return 1;
      validate(env, flags, body);
    } else if (sscanf(header, "as %63s %zu", env, &count) == 2) {
      if (!readExact(body, count)) return 1;
      assemble(env, body);
    } else {
      answer(256, {}, std::string("bad request: ") + header);
    }
  }
  return 0;
}
