/* GLSL types as the front end lays them out in vec4 registers ("slots"):
 * a scalar or vector takes one slot, a matrix one slot per column, an array its elements'
 * slots one after the other, a struct its members' slots in order. A sampler takes one slot
 * that lives in the SAMPLER file, never in CONST or TEMP. */
#ifndef GLSL_TYPES_H
#define GLSL_TYPES_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glslang/Include/Types.h>

#include "glsl_c_api.h"

namespace r600glsl {

struct Field;

struct Type {
   enum Base : uint8_t { VOID, FLOAT, INT, BOOL, SAMPLER_2D, SAMPLER_CUBE, STRUCT };
   Base base = VOID;
   uint8_t vec = 1;        /* vector size; rows of a matrix */
   uint8_t cols = 0;       /* matrix columns, 0 if not a matrix */
   unsigned array = 0;     /* array length, 0 if not an array */
   int precision = 0;      /* glslang TPrecisionQualifier, for link-time checks */
   bool external = false;  /* SAMPLER_2D declared samplerExternalOES (OES_EGL_image_external) */
   std::shared_ptr<const std::vector<Field>> fields;   /* STRUCT */
   std::string struct_name;

   static Type scalar(Base b, unsigned n = 1) { Type t; t.base = b; t.vec = (uint8_t)n; return t; }

   bool is_array() const { return array != 0; }
   bool is_matrix() const { return !array && cols != 0; }
   bool is_struct() const { return !array && base == STRUCT; }
   bool is_sampler() const { return !array && (base == SAMPLER_2D || base == SAMPLER_CUBE); }
   /* scalar or vector of float/int/bool */
   bool is_vector_like() const { return !array && !cols && base >= FLOAT && base <= BOOL; }
   bool contains_sampler() const;

   unsigned slots() const;                /* saturates at UINT_MAX */
   Type element() const;                  /* element type of an array */
   Type column() const;                   /* column vector of a matrix */
   unsigned components() const;           /* scalar components of a vector-like or matrix */
   unsigned field_offset(unsigned i) const;   /* first slot of struct member i */
   /* components of each slot (1..4), in slot order */
   void slot_sizes(std::vector<uint8_t> &out) const;
   std::string name() const;              /* for messages */
};

struct Field {
   std::string name;
   Type type;
};

/* Same type (precision ignored). */
bool same_type(const Type &a, const Type &b);
/* Same type including the precision of every member. */
bool same_type_and_precision(const Type &a, const Type &b);

/* Converts a glslang type; returns false (with a reason) for what GLSL ES 1.00 on our
 * driver cannot express (3D/shadow samplers, arrays of arrays, unsigned ints ...). */
bool convert_type(const glslang::TType &t, Type &out, std::string &why);

/* GLenum of a leaf (array element) type for glGetActive*: GL_FLOAT_VEC3 ...; 0 if none. */
uint32_t gl_type_of(const Type &t);
/* ir_uniform_type of a leaf type. */
enum ir_uniform_type ir_uniform_type_of(const Type &t);

}

#endif
