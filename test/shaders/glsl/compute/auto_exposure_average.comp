#version 450
// Auto-exposure, pass 2: weighted average of the histogram, adapted over time.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) buffer Histogram { uint bins[256]; };
layout(set = 0, binding = 1, std430) buffer Exposure { float averageLuminance; float exposure; };
layout(push_constant) uniform Params { float minLogLum; float logLumRange; float dt; float tau; uint pixelCount; } params;

shared float weighted[256];

void main() {
    uint i = gl_LocalInvocationIndex;
    uint count = bins[i];
    weighted[i] = float(count) * float(i);
    barrier();
    bins[i] = 0u; // ready for the next frame
    for (uint s = 128u; s > 0u; s >>= 1) {
        if (i < s) weighted[i] += weighted[i + s];
        barrier();
    }
    if (i == 0u) {
        float nonBlack = max(float(params.pixelCount) - float(count), 1.0);
        float logAvg = weighted[0] / nonBlack / 254.0 * params.logLumRange + params.minLogLum;
        float target = exp2(logAvg);
        float adapted = averageLuminance + (target - averageLuminance) * (1.0 - exp(-params.dt * params.tau));
        averageLuminance = adapted;
        exposure = 0.18 / max(adapted, 1e-4);
    }
}
