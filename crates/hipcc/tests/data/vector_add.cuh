// Sizes for vector_add.cu (a local header found through the translated file's -iquote folder).
#define VECTOR_ADD_N 1000
#define THREADS 128
