/* vol2col and col2vol, the unfolding under the 3-D convolutions: im2col (generic/unfold.c) with
 * time as a third dimension. For a volume of `planes` planes of T x H x W, the columns matrix has
 * one row per (plane, kt, kh, kw), row ((plane*kT + kt)*kH + kh)*kW + kw, and one column per
 * output position, column (ot*outH + oh)*outW + ow; its element is the voxel
 * (ot*dT - pT + kt*dilationT, oh*dH - pH + kh*dilationH, ow*dW - pW + kw*dilationW) of that
 * plane, or 0 where that falls in the padding. col2vol is its adjoint: it adds each column back.
 * The window and the sizes (VolWindow, VolShape) are those of generic/ConvolutionBatch.c, whose
 * per-image loops run the 3-D convolutions on the unfolding here (Volumetric_unfolding). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/vol2col.c"
#else

/* columns = vol2col(volume); raw pointers, raises nothing. */
static void THNN_(vol2col)(real *columns, const real *volume, THNN_(VolShape) v,
                           THNN_(VolWindow) w) {
  long positions = v.outT * v.outH * v.outW;
  for (long plane = 0; plane < v.planes; plane++)
    for (int kt = 0; kt < w.kT; kt++)
      for (int kh = 0; kh < w.kH; kh++)
        for (int kw = 0; kw < w.kW; kw++) {
          long row = ((plane * w.kT + kt) * w.kH + kh) * w.kW + kw;
          real *out = columns + row * positions;
          for (long ot = 0; ot < v.outT; ot++) {
            long t = ot * w.dT - w.pT + (long)kt * w.dilationT;
            for (long oh = 0; oh < v.outH; oh++) {
              long h = oh * w.dH - w.pH + (long)kh * w.dilationH;
              int inside = t >= 0 && t < v.T && h >= 0 && h < v.H;
              const real *line = inside ? volume + ((plane * v.T + t) * v.H + h) * v.W : volume;
              for (long ow = 0; ow < v.outW; ow++) {
                long x = ow * w.dW - w.pW + (long)kw * w.dilationW;
                *out++ = inside && x >= 0 && x < v.W ? line[x] : 0;
              }
            }
          }
        }
}

/* volume += col2vol(columns), the adjoint of vol2col; raw pointers, raises nothing. */
static void THNN_(col2vol)(const real *columns, real *volume, THNN_(VolShape) v,
                           THNN_(VolWindow) w) {
  long positions = v.outT * v.outH * v.outW;
  for (long plane = 0; plane < v.planes; plane++)
    for (int kt = 0; kt < w.kT; kt++)
      for (int kh = 0; kh < w.kH; kh++)
        for (int kw = 0; kw < w.kW; kw++) {
          long row = ((plane * w.kT + kt) * w.kH + kh) * w.kW + kw;
          const real *col = columns + row * positions;
          for (long ot = 0; ot < v.outT; ot++) {
            long t = ot * w.dT - w.pT + (long)kt * w.dilationT;
            for (long oh = 0; oh < v.outH; oh++, col += v.outW) {
              long h = oh * w.dH - w.pH + (long)kh * w.dilationH;
              if (t < 0 || t >= v.T || h < 0 || h >= v.H)
                continue;
              real *line = volume + ((plane * v.T + t) * v.H + h) * v.W;
              for (long ow = 0; ow < v.outW; ow++) {
                long x = ow * w.dW - w.pW + (long)kw * w.dilationW;
                if (x >= 0 && x < v.W)
                  line[x] += col[ow];
              }
            }
          }
        }
}

/* vol2col and col2vol as the unfolding of generic/ConvolutionBatch.c. */
static void THNN_(Volumetric_unfold)(const THNN_(Unfolding) *u, const real *volume,
                                     real *columns) {
  THNN_(vol2col)(columns, volume, u->shape, u->window);
}

static void THNN_(Volumetric_fold)(const THNN_(Unfolding) *u, const real *columns,
                                   real *volume) {
  THNN_(col2vol)(columns, volume, u->shape, u->window);
}

static THNN_(Unfolding) THNN_(Volumetric_unfolding)(THNN_(VolShape) v, THNN_(VolWindow) w) {
  THNN_(Unfolding) u = {v, w, THNN_(Volumetric_unfold), THNN_(Volumetric_fold)};
  return u;
}

/* The window's sizes are positive (kernel at kernelArg, unless 0: taken from the weight), the
 * strides at strideArg, the paddings at least 0 (padArg), the dilations positive (dilationArg,
 * unless 0: none given). */
static void THNN_(checkVolWindow)(THNN_(VolWindow) w, int kernelArg, int strideArg, int padArg,
                                  int dilationArg) {
  THArgCheck(w.kT > 0 && w.kW > 0 && w.kH > 0, kernelArg ? kernelArg : 4, "kernel size should be "
             "greater than zero, but got kT: %d kH: %d kW: %d", w.kT, w.kH, w.kW);
  THArgCheck(w.dT > 0 && w.dW > 0 && w.dH > 0, strideArg, "stride should be greater than zero, "
             "but got dT: %d dH: %d dW: %d", w.dT, w.dH, w.dW);
  THArgCheck(w.pT >= 0 && w.pW >= 0 && w.pH >= 0, padArg, "padding should be at least zero, but "
             "got pT: %d pH: %d pW: %d", w.pT, w.pH, w.pW);
  THArgCheck(w.dilationT > 0 && w.dilationW > 0 && w.dilationH > 0, dilationArg, "dilation "
             "should be greater than zero, but got dilationT: %d dilationH: %d dilationW: %d",
             w.dilationT, w.dilationH, w.dilationW);
}

#endif
