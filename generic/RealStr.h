/* RealStr: the Python name of the current dtype's element type ("float" or "int"), for messages
 * and signatures. Included inside a generic expansion; the including file #undefs it at its end. */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE) || defined(TH_REAL_IS_HALF)
#define RealStr "float"
#else
#define RealStr "int"
#endif
