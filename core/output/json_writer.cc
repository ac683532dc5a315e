#include "core/output/json_writer.h"

#include <cstdio>

namespace podsim {
namespace {

// Returns the short escape nlohmann::json writes for c ('n' for '\n'), or 0.
char ShortEscape(unsigned char c) {
  switch (c) {
    case '\b':
      return 'b';
    case '\f':
      return 'f';
    case '\n':
      return 'n';
    case '\r':
      return 'r';
    case '\t':
      return 't';
    default:
      return 0;
  }
}

}  // namespace

void JsonWriter::String(std::string_view s) {
  out_ += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out_ += '\\';
      out_ += static_cast<char>(c);
    } else if (c < 0x20) {
      if (char e = ShortEscape(c)) {
        out_ += '\\';
        out_ += e;
        continue;
      }
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out_ += buf;
    } else if (c < 0x80) {
      out_ += static_cast<char>(c);
    } else {
      size_t len = c >= 0xF0 && c < 0xF5   ? 4
                   : c >= 0xE0             ? 3
                   : c >= 0xC2 && c < 0xE0 ? 2
                                           : 0;
      bool valid = len > 0 && i + len <= s.size();
      for (size_t j = 1; valid && j < len; ++j) {
        valid = (static_cast<unsigned char>(s[i + j]) & 0xC0) == 0x80;
      }
      if (valid) {
        out_.append(s.data() + i, len);
        i += len - 1;
      } else {
        out_ += "\xEF\xBF\xBD";
      }
    }
  }
  out_ += '"';
}

}  // namespace podsim
