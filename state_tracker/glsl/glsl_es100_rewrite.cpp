/* Source rewrite of ES 1.00 array type specifiers and constant sequences (glsl_es100_rewrite.h). */
#include "glsl_es100_rewrite.h"

#include <cctype>
#include <cstring>
#include <set>

namespace r600glsl {

namespace {

/* One token with the white space, comments and preprocessor lines before it. */
struct Tok {
   std::string pre, text;
};

bool word_char(char c)
{
   return isalnum((unsigned char)c) || c == '_';
}

std::vector<Tok> tokenize(const std::string &s, std::string &tail)
{
   static const char *const ops[] = { "<<=", ">>=", "++", "--", "==", "!=", "<=", ">=", "&&",
                                      "||", "^^", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                                      "^=", "<<", ">>" };
   std::vector<Tok> toks;
   std::string pre;
   bool line_start = true;
   size_t i = 0;
   while (i < s.size()) {
      char c = s[i];
      size_t b = i;
      if (c == '\n' || isspace((unsigned char)c)) {
         line_start = line_start || c == '\n';
         pre += c;
         i++;
      } else if (s.compare(i, 2, "//") == 0) {
         while (i < s.size() && s[i] != '\n')
            i++;
         pre += s.substr(b, i - b);
      } else if (s.compare(i, 2, "/*") == 0) {
         size_t e = s.find("*/", i + 2);
         i = e == std::string::npos ? s.size() : e + 2;
         pre += s.substr(b, i - b);
      } else if (c == '#' && line_start) {
         /* a directive, with its line continuations */
         while (i < s.size() && s[i] != '\n')
            i += s[i] == '\\' && i + 1 < s.size() ? 2 : 1;
         pre += s.substr(b, i - b);
      } else {
         line_start = false;
         if (word_char(c) || (c == '.' && i + 1 < s.size() && isdigit((unsigned char)s[i + 1]))) {
            bool number = isdigit((unsigned char)c) || c == '.';
            while (i < s.size() && (word_char(s[i]) || (number && s[i] == '.') ||
                                    (number && (s[i] == '+' || s[i] == '-') &&
                                     (s[i - 1] == 'e' || s[i - 1] == 'E'))))
               i++;
         } else {
            i++;
            for (const char *op : ops)
               if (s.compare(b, strlen(op), op) == 0) {
                  i = b + strlen(op);
                  break;
               }
         }
         toks.push_back({ pre, s.substr(b, i - b) });
         pre.clear();
      }
   }
   tail = pre;
   return toks;
}

const std::set<std::string> &basic_types()
{
   static const std::set<std::string> t = { "float", "int", "bool", "vec2", "vec3", "vec4",
                                            "ivec2", "ivec3", "ivec4", "bvec2", "bvec3",
                                            "bvec4", "mat2", "mat3", "mat4", "sampler2D",
                                            "samplerCube" };
   return t;
}

/* ES 1.00 built-in functions without side effects (section 8, less the texture lookups and
 * derivatives, which are never constant) */
const std::set<std::string> &pure_builtins()
{
   static const std::set<std::string> b = {
      "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "pow", "exp", "log",
      "exp2", "log2", "sqrt", "inversesqrt", "abs", "sign", "floor", "ceil", "fract", "mod",
      "min", "max", "clamp", "mix", "step", "smoothstep", "length", "distance", "dot", "cross",
      "normalize", "faceforward", "reflect", "refract", "matrixCompMult", "lessThan",
      "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual", "any", "all",
      "not" };
   return b;
}

struct Rewriter {
   std::vector<Tok> toks;
   std::set<std::string> types;   /* basic types and the struct names declared */
   bool changed = false;
   size_t budget = 0;   /* tokens the copies may still add: the output grows at most linearly */

   bool is_word(size_t i) const { return i < toks.size() && word_char(toks[i].text[0]) &&
                                         !isdigit((unsigned char)toks[i].text[0]); }
   bool is(size_t i, const char *t) const { return i < toks.size() && toks[i].text == t; }

   /* the index after the bracket or parenthesis closing the one at i */
   size_t skip_group(size_t i) const
   {
      int depth = 0;
      for (; i < toks.size(); i++) {
         const std::string &t = toks[i].text;
         depth += t == "(" || t == "[" || t == "{";
         depth -= t == ")" || t == "]" || t == "}";
         if (depth == 0)
            return i + 1;
      }
      return toks.size();
   }

   /* 1. "T [N] name" -> "T name [N]", for every declarator of a declaration. */
   void array_types()
   {
      types = basic_types();
      for (size_t i = 0; i + 1 < toks.size(); i++)
         if (is(i, "struct") && is_word(i + 1))
            types.insert(toks[i + 1].text);
      for (size_t i = 0; i + 1 < toks.size(); i++) {
         if (!types.count(toks[i].text) || !is(i + 1, "["))
            continue;
         size_t close = skip_group(i + 1);
         if (!is_word(close) || types.count(toks[close].text) || is(close + 1, "("))
            continue;   /* an array constructor, a return type or no declaration */
         std::vector<Tok> size(toks.begin() + i + 1, toks.begin() + close);
         /* a parameter has one declarator; a declaration's end at depth 0 is ';' */
         size_t p = i;
         while (p > 0 && is_word(p - 1))
            p--;
         bool parameter = p > 0 && (is(p - 1, "(") || is(p - 1, ","));
         std::vector<size_t> names{ close };
         if (!parameter) {
            for (size_t k = close + 1; k < toks.size() && !is(k, ";");) {
               if (is(k, "(") || is(k, "[") || is(k, "{"))
                  k = skip_group(k);
               else if (is(k, ",") && is_word(k + 1))
                  names.push_back(++k);
               else
                  k++;
            }
         }
         std::vector<Tok> out(toks.begin(), toks.begin() + i + 1);
         size_t from = close;
         for (size_t n : names) {
            out.insert(out.end(), toks.begin() + from, toks.begin() + n + 1);
            for (const Tok &t : size)
               out.push_back({ t.pre.empty() ? "" : " ", t.text });
            from = n + 1;
         }
         /* the line breaks the size held stay where they were */
         std::string breaks;
         for (const Tok &t : size)
            for (char c : t.pre)
               if (c == '\n')
                  breaks += c;
         if (from < toks.size())
            toks[from].pre = breaks + toks[from].pre;
         out.insert(out.end(), toks.begin() + from, toks.end());
         toks.swap(out);
         changed = true;
      }
   }

   /* 2. Parenthesised sequences: rewrites toks[b, e) into out. */
   void sequences(size_t b, size_t e, std::vector<Tok> &out)
   {
      for (size_t i = b; i < e; i++) {
         size_t close = is(i, "(") ? skip_group(i) - 1 : e;
         if (close >= e || !is(close, ")")) {
            out.push_back(toks[i]);
            continue;
         }
         std::vector<std::vector<Tok>> parts(1);
         std::vector<Tok> commas;
         size_t start = i + 1;
         bool expression = true;
         for (size_t k = start; k < close;) {
            if (is(k, "(") || is(k, "[")) {
               k = skip_group(k);
               continue;
            }
            expression = expression && !is(k, ";") && !is(k, "{");
            if (is(k, ",")) {
               sequences(start, k, parts.back());
               parts.emplace_back();
               commas.push_back(toks[k]);
               start = k + 1;
            }
            k++;
         }
         sequences(start, close, parts.back());
         /* a call's, constructor's or declaration's parentheses hold arguments */
         bool call = i > 0 && is_word(i - 1) && !is(i - 1, "return");
         bool pure = expression && !call && parts.size() > 1;
         size_t copies = 0;
         for (size_t p = 0; pure && p < parts.size(); p++) {
            pure = p + 1 == parts.size() || side_effect_free(parts[p]);
            copies += parts[p].size() + 2;
         }
         pure = pure && copies <= budget;
         if (pure)
            budget -= copies;
         out.push_back(toks[i]);
         if (!pure) {
            for (size_t p = 0; p < parts.size(); p++) {
               out.insert(out.end(), parts[p].begin(), parts[p].end());
               if (p < commas.size())
                  out.push_back(commas[p]);
            }
         } else {
            /* the commas' white space (and line breaks) go to the operators replacing them */
            out.push_back({ "", "(" });
            for (size_t p = 0; p + 1 < parts.size(); p++) {
               if (p)
                  out.push_back({ commas[p - 1].pre + " ", "&&" });
               out.push_back({ "", "(" });
               out.push_back({ "", "(" });
               out.insert(out.end(), parts[p].begin(), parts[p].end());
               out.push_back({ "", ")" });
               out.push_back({ "", "==" });
               append_flat(out, parts[p]);
               out.push_back({ "", ")" });
            }
            out.push_back({ "", ")" });
            out.push_back({ commas.back().pre + " ", "?" });
            out.push_back({ " ", "(" });
            out.insert(out.end(), parts.back().begin(), parts.back().end());
            out.push_back({ "", ")" });
            out.push_back({ " ", ":" });
            append_flat(out, parts.back());
            changed = true;
         }
         out.push_back(toks[close]);   /* with the space and line breaks before it */
         i = close;
      }
   }

   /* a copy of part in parentheses, without its line breaks */
   static void append_flat(std::vector<Tok> &out, const std::vector<Tok> &part)
   {
      out.push_back({ " ", "(" });
      for (const Tok &t : part)
         out.push_back({ t.pre.empty() ? "" : " ", t.text });
      out.push_back({ "", ")" });
   }

   bool side_effect_free(const std::vector<Tok> &part) const
   {
      static const std::set<std::string> writes = { "=", "+=", "-=", "*=", "/=", "%=", "<<=",
                                                    ">>=", "&=", "|=", "^=", "++", "--" };
      if (part.empty())
         return false;
      for (size_t k = 0; k < part.size(); k++) {
         if (writes.count(part[k].text))
            return false;
         bool word = word_char(part[k].text[0]) && !isdigit((unsigned char)part[k].text[0]);
         if (word && k + 1 < part.size() && part[k + 1].text == "(" &&
             !types.count(part[k].text) && !pure_builtins().count(part[k].text))
            return false;
      }
      return true;
   }
};

}   /* namespace */

std::vector<std::string> es100_rewrite(const std::vector<std::string> &sources, bool &changed)
{
   std::vector<std::string> out;
   changed = false;
   for (const std::string &s : sources) {
      Rewriter r;
      std::string tail;
      r.toks = tokenize(s, tail);
      r.array_types();
      r.budget = 2 * r.toks.size();
      std::vector<Tok> seq;
      r.sequences(0, r.toks.size(), seq);
      std::string text;
      for (const Tok &t : seq)
         text += t.pre + t.text;
      out.push_back(text + tail);
      changed = changed || r.changed;
   }
   return out;
}

}
