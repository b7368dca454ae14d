#version 450
// Forward shading of a lit surface: up to eight point lights (Blinn-Phong), a directional
// sun with a soft shadow term, distance fog and a filmic tone curve. In the point-light loop
// attenuate() is handed the light's position instead of its radius, and no overload fits.

const int MAX_LIGHTS = 8;
const float PI = 3.14159265;

struct PointLight {
    vec3 position;
    float radius;
    vec3 colour;
    float intensity;
};

struct Material {
    vec3 albedo;
    float roughness;
    vec3 specular;
    float emission;
};

layout(std140, binding = 0) uniform Frame {
    mat4 view;
    vec3 cameraPosition;
    float time;
    vec3 sunDirection;
    float sunIntensity;
    vec3 fogColour;
    float fogDensity;
    int lightCount;
} frame;

layout(std140, binding = 1) uniform Lights {
    PointLight lights[MAX_LIGHTS];
};

layout(binding = 2) uniform sampler2D albedoMap;
layout(binding = 3) uniform sampler2D shadowMap;

layout(location = 0) in vec3 worldPosition;
layout(location = 1) in vec3 worldNormal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec4 shadowCoord;

layout(location = 0) out vec4 fragColour;

float attenuate(float dist, float radius) {
    float x = clamp(1.0 - pow(dist / radius, 4.0), 0.0, 1.0);
    return x * x / (dist * dist + 1.0);
}

float shininess(float roughness) {
    return 2.0 / max(roughness * roughness, 1e-4) - 2.0;
}

vec3 blinnPhong(Material m, vec3 n, vec3 l, vec3 v, vec3 radiance) {
    vec3 h = normalize(l + v);
    float diffuse = max(dot(n, l), 0.0);
    float s = shininess(m.roughness);
    float spec = pow(max(dot(n, h), 0.0), s) * (s + 8.0) / (8.0 * PI);
    return (m.albedo / PI * diffuse + m.specular * spec * diffuse) * radiance;
}

float softShadow(vec4 coord) {
    vec3 p = coord.xyz / coord.w * 0.5 + 0.5;
    if (p.z > 1.0) {
        return 1.0;
    }
    vec2 texel = 1.0 / vec2(textureSize(shadowMap, 0));
    float lit = 0.0;
    for (int y = -1; y <= 1; ++y) {
        for (int x = -1; x <= 1; ++x) {
            float depth = texture(shadowMap, p.xy + vec2(x, y) * texel).r;
            lit += p.z - 0.002 > depth ? 0.0 : 1.0;
        }
    }
    return lit / 9.0;
}

vec3 tonemap(vec3 c) {
    const float a = 2.51, b = 0.03, d = 0.59, e = 0.14;
    return clamp((c * (a * c + b)) / (c * (2.43 * c + d) + e), 0.0, 1.0);
}

void main() {
    Material m;
    m.albedo = texture(albedoMap, uv).rgb;
    m.roughness = 0.6;
    m.specular = vec3(0.04);
    m.emission = 0.0;

    vec3 n = normalize(worldNormal);
    vec3 v = normalize(frame.cameraPosition - worldPosition);
    vec3 colour = m.albedo * 0.03;

    vec3 sun = normalize(-frame.sunDirection);
    colour += blinnPhong(m, n, sun, v, vec3(frame.sunIntensity)) * softShadow(shadowCoord);

    for (int i = 0; i < min(frame.lightCount, MAX_LIGHTS); ++i) {
        PointLight light = lights[i];
        vec3 toLight = light.position - worldPosition;
        float dist = length(toLight);
        if (dist > light.radius) {
            continue;
        }
        float fall = attenuate(dist, light.position);
        colour += blinnPhong(m, n, toLight / dist, v, light.colour * light.intensity * fall);
    }

    colour += m.albedo * m.emission;
    float viewDistance = length(frame.cameraPosition - worldPosition);
    float fog = 1.0 - exp(-frame.fogDensity * viewDistance);
    colour = mix(colour, frame.fogColour, clamp(fog, 0.0, 1.0));
    fragColour = vec4(pow(tonemap(colour), vec3(1.0 / 2.2)), 1.0);
}
