// Colour helpers shared by the inspector's compute shaders (pulled in with #include).

float luminance(vec3 rgb) {
    return dot(rgb, vec3(0.2126, 0.7152, 0.0722));
}

uint binOf(float value, uint binCount) {
    return min(uint(clamp(value, 0.0, 1.0) * float(binCount)), binCount - 1u);
}
