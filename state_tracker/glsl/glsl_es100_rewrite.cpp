/* Source rewrite of ES 1.00 array type specifiers and constant sequences (glsl_es100_rewrite.h). */
#include "glsl_es100_rewrite.h"

#include <algorithm>
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

const size_t NONE = (size_t)-1;

/* Nesting deeper than this is left alone: the front end refuses such trees anyway
 * (MAX_AST_DEPTH), and it bounds the copies below. */
const unsigned MAX_NESTING = 1000;

/* Every pass is linear in the tokens (the output of the second at most 3 times the input):
 * hostile sources reach this code whenever they fail to compile. */
struct Rewriter {
   std::vector<Tok> toks;
   std::vector<size_t> match;     /* the closing bracket of an opening one, else NONE */
   unsigned nesting = 0;
   std::set<std::string> types;   /* basic types and the struct names declared */
   bool changed = false;

   bool is_word(size_t i) const { return i < toks.size() && word_char(toks[i].text[0]) &&
                                         !isdigit((unsigned char)toks[i].text[0]); }
   bool is(size_t i, const char *t) const { return i < toks.size() && toks[i].text == t; }
   bool opens(size_t i) const { return is(i, "(") || is(i, "[") || is(i, "{"); }

   void find_matches()
   {
      static const char pairs[][3] = { "()", "[]", "{}" };
      match.assign(toks.size(), NONE);
      nesting = 0;
      std::vector<size_t> open;
      for (size_t i = 0; i < toks.size(); i++) {
         for (const char *p : pairs) {
            if (toks[i].text[0] == p[0] && toks[i].text.size() == 1) {
               open.push_back(i);
               nesting = std::max(nesting, (unsigned)open.size());
            } else if (toks[i].text[0] == p[1] && toks[i].text.size() == 1 && !open.empty()) {
               if (toks[open.back()].text[0] == p[0])
                  match[open.back()] = i;
               open.pop_back();
            }
         }
      }
   }

   /* 1. "T [N] name" -> "T name [N]", for every declarator of a declaration. */
   void array_types()
   {
      types = basic_types();
      for (size_t i = 0; i + 1 < toks.size(); i++)
         if (is(i, "struct") && is_word(i + 1))
            types.insert(toks[i + 1].text);
      find_matches();
      std::vector<bool> moved(toks.size(), false);
      std::vector<std::pair<size_t, size_t>> size_after(toks.size(), { 0, 0 });
      for (size_t i = 0; i + 1 < toks.size(); i++) {
         if (!types.count(toks[i].text) || !is(i + 1, "[") || match[i + 1] == NONE)
            continue;
         size_t close = match[i + 1] + 1;
         if (!is_word(close) || types.count(toks[close].text) || is(close + 1, "("))
            continue;   /* an array constructor, a return type or no declaration */
         /* a parameter has one declarator; a declaration's end at its depth is ';' */
         size_t p = i;
         while (p > 0 && is_word(p - 1))
            p--;
         bool parameter = p > 0 && (is(p - 1, "(") || is(p - 1, ","));
         std::vector<size_t> names{ close };
         size_t k = close + 1;
         while (!parameter && k < toks.size() && !is(k, ";") && !is(k, ")") && !is(k, "}")) {
            if (opens(k) && match[k] == NONE)
               break;
            if (opens(k))
               k = match[k];
            else if (is(k, ",") && is_word(k + 1))
               names.push_back(k + 1);
            k++;
         }
         for (size_t m = i + 1; m < close; m++)
            moved[m] = true;
         for (size_t n : names)
            size_after[n] = { i + 1, close };
         changed = true;
         i = parameter ? close : k;
      }
      if (!changed)
         return;
      std::vector<Tok> out;
      std::string breaks;   /* the line breaks of moved tokens stay where they were */
      for (size_t k = 0; k < toks.size(); k++) {
         if (moved[k]) {
            for (char c : toks[k].pre)
               if (c == '\n')
                  breaks += c;
            continue;
         }
         out.push_back({ breaks + toks[k].pre, toks[k].text });
         breaks.clear();
         for (size_t m = size_after[k].first; m < size_after[k].second; m++)
            out.push_back({ toks[m].pre.empty() ? "" : " ", toks[m].text });
      }
      toks.swap(out);
   }

   /* 2. Parenthesised sequences. The groups to rewrite, found once each: the commas of a
    * group at its own depth (commas[i] for the '(' at i), empty when it stays. */
   std::vector<std::vector<size_t>> commas;
   std::vector<bool> decided;
   std::string out;
   size_t limit = 0;

   const std::vector<size_t> &decide(size_t i)
   {
      if (decided[i])
         return commas[i];
      decided[i] = true;
      size_t close = match[i];
      /* a call's, constructor's or declaration's parentheses hold arguments */
      bool call = i > 0 && is_word(i - 1) && !is(i - 1, "return");
      if (close == NONE || !is(close, ")") || call)
         return commas[i];
      std::vector<size_t> c;
      for (size_t k = i + 1; k < close; k++) {
         if (is(k, ";") || is(k, "{") || (opens(k) && match[k] == NONE))
            return commas[i];
         if (opens(k))
            k = match[k];
         else if (is(k, ","))
            c.push_back(k);
      }
      size_t from = i + 1;
      for (size_t comma : c) {
         if (!side_effect_free(from, comma))
            return commas[i];
         from = comma + 1;
      }
      commas[i] = c;
      return commas[i];
   }

   void pre(size_t i, bool flat)
   {
      out += flat ? (toks[i].pre.empty() ? "" : " ") : toks[i].pre;
   }

   /* toks[b, e) into out; flat: without line breaks */
   void emit(size_t b, size_t e, bool flat)
   {
      for (size_t i = b; i < e && out.size() <= limit; i++) {
         const std::vector<size_t> &c = is(i, "(") ? decide(i) : commas[0];
         if (c.empty() || !is(i, "(")) {
            pre(i, flat);
            out += toks[i].text;
            continue;
         }
         /* (X1, .., Xn, Y) -> ((((X1)==(X1)) && .. && ((Xn)==(Xn))) ? (Y) : (Y)); the
          * commas' white space goes to the operators replacing them */
         size_t close = match[i];
         pre(i, flat);
         out += "((";
         size_t from = i + 1;
         for (size_t p = 0; p < c.size(); p++) {
            if (p) {
               pre(c[p - 1], flat);
               out += " &&";
            }
            out += "((";
            emit(from, c[p], flat);
            out += ")== (";
            emit(from, c[p], true);
            out += "))";
            from = c[p] + 1;
         }
         out += ")";
         pre(c.back(), flat);
         out += " ? (";
         emit(from, close, flat);
         out += ") : (";
         emit(from, close, true);
         out += ")";
         pre(close, flat);
         out += ")";
         changed = true;
         i = close;
      }
   }

   /* toks[b, e) has no assignment, ++, -- or call of anything but a constructor or a
    * built-in without side effects */
   bool side_effect_free(size_t b, size_t e) const
   {
      static const std::set<std::string> writes = { "=", "+=", "-=", "*=", "/=", "%=", "<<=",
                                                    ">>=", "&=", "|=", "^=", "++", "--" };
      if (b >= e)
         return false;
      for (size_t k = b; k < e; k++) {
         if (writes.count(toks[k].text))
            return false;
         if (is_word(k) && is(k + 1, "(") && !types.count(toks[k].text) &&
             !pure_builtins().count(toks[k].text))
            return false;
      }
      return true;
   }

   /* the rewritten text, or "" when it would be too large or too deep */
   std::string sequences(const std::string &tail)
   {
      find_matches();
      if (nesting > MAX_NESTING)
         return "";
      size_t size = tail.size();
      for (const Tok &t : toks)
         size += t.pre.size() + t.text.size();
      limit = 3 * size + 1024;
      commas.assign(toks.size() + 1, {});
      decided.assign(toks.size() + 1, false);
      decided[0] = true;   /* commas[0] stays empty: "no rewrite" for the other tokens */
      emit(0, toks.size(), false);
      if (out.size() > limit)
         return "";
      return out + tail;
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
      std::string text = r.sequences(tail);
      if (text.empty()) {
         out.push_back(s);
         continue;
      }
      out.push_back(text);
      changed = changed || r.changed;
   }
   return out;
}

}
