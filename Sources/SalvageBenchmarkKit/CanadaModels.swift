import Salvage

// canada.json: {type, features: [{type, properties: {name}, geometry: {type, coordinates: [[[Double]]]}}]}

public struct CanadaCollection: APIDecodable {
    let type: String
    let features: [CanadaFeature]

    public init?(from decoder: APIDecoder) {
        let type = decoder["type"] --> String.self
        let features = decoder["features"] --> [CanadaFeature].self
        guard decoder.succeeded else { return nil }
        self.type = type!
        self.features = features!
    }

    public var checksum: Checksum {
        var sum = Checksum()
        sum.add(type)
        for feature in features {
            addFeature(&sum, type: feature.type, name: feature.name, geometryType: feature.geometryType, coordinates: feature.coordinates)
        }
        return sum
    }
}

func addFeature(_ sum: inout Checksum, type: String, name: String, geometryType: String, coordinates: [[[Double]]]) {
    sum.add(type); sum.add(name); sum.add(geometryType)
    for ring in coordinates {
        sum.add(ring.count)
        for point in ring {
            sum.add(point.count)
            for value in point { sum.add(value) }
        }
    }
}

public struct CanadaFeature: APIDecodable {
    let type: String
    let name: String
    let geometryType: String
    let coordinates: [[[Double]]]

    public init?(from decoder: APIDecoder) {
        let type = decoder["type"] --> String.self
        let name = decoder["properties"]["name"] --> String.self
        let geometryType = decoder["geometry"]["type"] --> String.self
        let coordinates = decoder["geometry"]["coordinates"] --> [[[Double]]].self
        guard decoder.succeeded else { return nil }
        self.type = type!
        self.name = name!
        self.geometryType = geometryType!
        self.coordinates = coordinates!
    }
}

public struct CodableCanadaCollection: Codable, Sendable {
    struct Feature: Codable {
        struct Properties: Codable { let name: String }
        struct Geometry: Codable { let type: String; let coordinates: [[[Double]]] }
        let type: String
        let properties: Properties
        let geometry: Geometry
    }
    let type: String
    let features: [Feature]

    public var checksum: Checksum {
        var sum = Checksum()
        sum.add(type)
        for feature in features {
            addFeature(&sum, type: feature.type, name: feature.properties.name, geometryType: feature.geometry.type, coordinates: feature.geometry.coordinates)
        }
        return sum
    }
}
