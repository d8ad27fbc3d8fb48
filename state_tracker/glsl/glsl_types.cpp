/* Slot layout of GLSL types and their conversion from glslang. */
#include "glsl_types.h"

#include <climits>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

namespace r600glsl {

bool Type::contains_sampler() const
{
   if (base == SAMPLER_2D || base == SAMPLER_CUBE)
      return true;
   if (base == STRUCT)
      for (const Field &f : *fields)
         if (f.type.contains_sampler())
            return true;
   return false;
}

/* An application's array sizes multiply: the count saturates at UINT_MAX, so that a limit
 * check on it holds for any declared size. */
static unsigned saturate(uint64_t n)
{
   return n > UINT_MAX ? UINT_MAX : (unsigned)n;
}

unsigned Type::slots() const
{
   if (array)
      return saturate((uint64_t)array * element().slots());
   if (base == STRUCT) {
      uint64_t n = 0;
      for (const Field &f : *fields)
         n = saturate(n + f.type.slots());
      return (unsigned)n;
   }
   if (base == VOID)
      return 0;
   return cols ? cols : 1;
}

Type Type::element() const
{
   Type t = *this;
   t.array = 0;
   return t;
}

Type Type::column() const
{
   Type t = *this;
   t.cols = 0;
   return t;
}

unsigned Type::components() const
{
   return (cols ? cols : 1) * vec;
}

unsigned Type::field_offset(unsigned i) const
{
   unsigned n = 0;
   for (unsigned k = 0; k < i; k++)
      n += (*fields)[k].type.slots();
   return n;
}

void Type::slot_sizes(std::vector<uint8_t> &out) const
{
   if (array) {
      Type e = element();
      for (unsigned k = 0; k < array; k++)
         e.slot_sizes(out);
   } else if (base == STRUCT) {
      for (const Field &f : *fields)
         f.type.slot_sizes(out);
   } else if (base == SAMPLER_2D || base == SAMPLER_CUBE) {
      out.push_back(1);
   } else if (base != VOID) {
      for (unsigned c = 0; c < (cols ? cols : 1u); c++)
         out.push_back(vec);
   }
}

std::string Type::name() const
{
   std::string s;
   switch (base) {
   case VOID: s = "void"; break;
   case FLOAT: s = cols ? "mat" : vec > 1 ? "vec" : "float"; break;
   case INT: s = vec > 1 ? "ivec" : "int"; break;
   case BOOL: s = vec > 1 ? "bvec" : "bool"; break;
   case SAMPLER_2D: s = external ? "samplerExternalOES" : "sampler2D"; break;
   case SAMPLER_CUBE: s = "samplerCube"; break;
   case STRUCT: s = "struct " + struct_name; break;
   }
   if (cols)
      s += std::to_string(cols) + (cols != vec ? "x" + std::to_string(vec) : "");
   else if (vec > 1)
      s += std::to_string(vec);
   if (array)
      s += "[" + std::to_string(array) + "]";
   return s;
}

static bool same(const Type &a, const Type &b, bool precision)
{
   if (a.base != b.base || a.vec != b.vec || a.cols != b.cols || a.array != b.array ||
       a.external != b.external)
      return false;
   if (precision && a.precision != b.precision)
      return false;
   if (a.base == Type::STRUCT) {
      if (a.struct_name != b.struct_name || a.fields->size() != b.fields->size())
         return false;
      for (size_t i = 0; i < a.fields->size(); i++)
         if ((*a.fields)[i].name != (*b.fields)[i].name ||
             !same((*a.fields)[i].type, (*b.fields)[i].type, precision))
            return false;
   }
   return true;
}

bool same_type(const Type &a, const Type &b) { return same(a, b, false); }
bool same_type_and_precision(const Type &a, const Type &b) { return same(a, b, true); }

bool convert_type(const glslang::TType &t, Type &out, std::string &why)
{
   out = Type();
   out.precision = t.getQualifier().precision;
   if (t.isArray()) {
      if (t.getArraySizes()->getNumDims() != 1 || !t.isSizedArray()) {
         why = "arrays of arrays and unsized arrays are not supported";
         return false;
      }
      out.array = (unsigned)t.getOuterArraySize();
   }
   switch (t.getBasicType()) {
   case glslang::EbtVoid: out.base = Type::VOID; break;
   case glslang::EbtFloat: out.base = Type::FLOAT; break;
   /* ES 1.00 integers are carried as floats (16-bit precision is all it requires). */
   case glslang::EbtInt: case glslang::EbtUint: out.base = Type::INT; break;
   case glslang::EbtBool: out.base = Type::BOOL; break;
   case glslang::EbtSampler: {
      const glslang::TSampler &s = t.getSampler();
      /* samplerExternalOES samples as a sampler2D (its texture is one 2D level) */
      if (s.shadow || s.arrayed || s.ms || s.isImage() || s.type != glslang::EbtFloat ||
          (s.dim != glslang::Esd2D && s.dim != glslang::EsdCube)) {
         why = "only sampler2D, samplerCube and samplerExternalOES are supported";
         return false;
      }
      out.base = s.dim == glslang::Esd2D ? Type::SAMPLER_2D : Type::SAMPLER_CUBE;
      out.external = s.isExternal();
      return true;
   }
   case glslang::EbtStruct: {
      out.base = Type::STRUCT;
      out.struct_name = t.getTypeName().c_str();
      auto fields = std::make_shared<std::vector<Field>>();
      for (const glslang::TTypeLoc &tl : *t.getStruct()) {
         Field f;
         f.name = tl.type->getFieldName().c_str();
         if (!convert_type(*tl.type, f.type, why))
            return false;
         fields->push_back(std::move(f));
      }
      out.fields = fields;
      return true;
   }
   default:
      why = "this basic type is not supported";
      return false;
   }
   if (t.isMatrix()) {
      out.cols = (uint8_t)t.getMatrixCols();
      out.vec = (uint8_t)t.getMatrixRows();
   } else {
      out.vec = (uint8_t)t.getVectorSize();
   }
   return true;
}

uint32_t gl_type_of(const Type &t)
{
   static const uint32_t fl[] = { GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3, GL_FLOAT_VEC4 };
   static const uint32_t in[] = { GL_INT, GL_INT_VEC2, GL_INT_VEC3, GL_INT_VEC4 };
   static const uint32_t bo[] = { GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3, GL_BOOL_VEC4 };
   static const uint32_t ma[] = { GL_FLOAT_MAT2, GL_FLOAT_MAT3, GL_FLOAT_MAT4 };
   switch (t.base) {
   case Type::FLOAT:
      if (t.cols)
         return t.cols == t.vec && t.cols >= 2 ? ma[t.cols - 2] : 0;
      return fl[t.vec - 1];
   case Type::INT: return in[t.vec - 1];
   case Type::BOOL: return bo[t.vec - 1];
   case Type::SAMPLER_2D: return t.external ? GL_SAMPLER_EXTERNAL_OES : GL_SAMPLER_2D;
   case Type::SAMPLER_CUBE: return GL_SAMPLER_CUBE;
   default: return 0;
   }
}

enum ir_uniform_type ir_uniform_type_of(const Type &t)
{
   switch (t.base) {
   case Type::FLOAT:
      if (t.cols)
         return (enum ir_uniform_type)(IR_UT_MAT2 + t.cols - 2);
      return (enum ir_uniform_type)(IR_UT_FLOAT + t.vec - 1);
   case Type::INT: return (enum ir_uniform_type)(IR_UT_INT + t.vec - 1);
   case Type::BOOL: return (enum ir_uniform_type)(IR_UT_BOOL + t.vec - 1);
   case Type::SAMPLER_2D: return IR_UT_SAMPLER_2D;
   default: return IR_UT_SAMPLER_CUBE;
   }
}

}
