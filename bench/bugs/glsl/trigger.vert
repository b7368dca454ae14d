layout(std430, binding = 0) buffer Counters { uint hits; } counters;
layout(location = 0) in vec3 position;
layout(location = 0) out vec3 color;

void main() {
    vec3 p = rotate3d(vec3(0.0, 1.0, 0.0), 0.5) * position;
    float n = snoise(p) + 0.5 * cnoise(p);
    color = rgb2hsv(voronoi(p) * n);
    uint bucket = uint(color.x * 100.0);
    atomicAdd(bucket * 2u, 1u);
    gl_Position = vec4(p, 1.0);
}
