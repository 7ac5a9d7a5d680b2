/* SoftMax over the feature dimension (THNN_(softMaxShape): a vector, a batch of vectors, or per
 * pixel of a feature map or a batch of them): output = exp(input - max) / sum(exp(input - max)),
 * the max taken over the features so that no exp overflows. The backward reads the forward's
 * output: gradInput = output * (gradOutput - sum(gradOutput * output)). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMax.c"
#else

void THNN_(SoftMax_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  (void)state;
  long outer, dim, inner;
  THNN_(softMaxShape)(input, 2, &outer, &dim, &inner);
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *out = THNN_(contiguousResult)(output, input);
  const real *x = THTensor_(data)(in);
  real *y = THTensor_(data)(out);
  if (inner == 1) {
    /* contiguous rows: y = exp(x - max), then y /= sum(y) */
    TH_PARALLEL_LOOP(k, outer, outer * dim,
      const real *row = x + k * dim;
      real *result = y + k * dim;
      THVector_(adds)(result, row, -THNN_(rowMax)(row, dim), dim);
      THVector_(exp)(result, result, dim);
      THVector_(muls)(result, result, (real)(1 / THVector_(sum)(result, dim)), dim);
    );
  } else {
    TH_PARALLEL_LOOP(k, outer * inner, outer * inner * dim,
      /* the features of vector k lie `inner` apart from its first one */
      ptrdiff_t first = (k / inner) * dim * inner + k % inner;
      real max = x[first];
      for (long d = 1; d < dim; d++)
        max = x[first + d * inner] > max ? x[first + d * inner] : max;
      accreal sum = 0;
      for (long d = 0; d < dim; d++) {
        real e = exp(x[first + d * inner] - max);
        y[first + d * inner] = e;
        sum += e;
      }
      for (long d = 0; d < dim; d++)
        y[first + d * inner] = (real)(y[first + d * inner] / sum);
    );
  }
  THTensor_(free)(in);
  THNN_(copyResultBack)(output, out);
}

void THNN_(SoftMax_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                    THTensor *gradInput, THTensor *output) {
  (void)state;
  long outer, dim, inner;
  THNN_(softMaxShape)(input, 2, &outer, &dim, &inner);
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkSameNumel)(input, output, 5, "output");
  /* a row of gradInput is written before the whole of its gradOutput row is read */
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "output", output, NULL);
  THTensor *g = THTensor_(newContiguous)(gradOutput), *y = THTensor_(newContiguous)(output);
  THTensor *gradIn = THNN_(contiguousResult)(gradInput, input);
  const real *gp = THTensor_(data)(g), *yp = THTensor_(data)(y);
  real *gi = THTensor_(data)(gradIn);
  if (inner == 1) {
    /* contiguous rows: gi = y * g, then gi = y * (g - sum(y * g)) */
    TH_PARALLEL_LOOP(k, outer, outer * dim,
      const real *grad = gp + k * dim, *out = yp + k * dim;
      real *result = gi + k * dim;
      THVector_(cmul)(result, out, grad, dim);
      THVector_(adds)(result, grad, -(real)THVector_(sum)(result, dim), dim);
      THVector_(cmul)(result, result, out, dim);
    );
  } else {
    TH_PARALLEL_LOOP(k, outer * inner, outer * inner * dim,
      ptrdiff_t first = (k / inner) * dim * inner + k % inner;
      accreal dot = 0;
      for (long d = 0; d < dim; d++)
        dot += gp[first + d * inner] * yp[first + d * inner];
      for (long d = 0; d < dim; d++)
        gi[first + d * inner] = (real)(yp[first + d * inner] * (gp[first + d * inner] - dot));
    );
  }
  THTensor_(free)(g);
  THTensor_(free)(y);
  THNN_(copyResultBack)(gradInput, gradIn);
}

#endif
